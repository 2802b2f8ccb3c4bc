import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * Each import zone of eslint.config.js catches a violation (and lets the allowed import
 * through), so a zone that stops resolving paths cannot pass silently.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // The first lint loads the parser, the config and the resolver: seconds on a busy machine.
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'apps/server/src/x.ts') });
}, 60_000);

/** The import rules' complaints about `code` as if it were the file at `filePath`. */
async function importProblems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages
    .filter((message) => /restricted/.test(message.ruleId ?? '') || message.fatal)
    .map((message) => `${message.ruleId}: ${message.message}`);
}

const cases = [
  {
    zone: 'domain imports nothing of the server',
    file: 'apps/server/src/domain/example.ts',
    bad: "import { AppError } from '../errors';\nexport const e = AppError;\n",
    good: "import { transition } from './case-machine';\nexport const t = transition;\n",
  },
  {
    zone: 'domain uses no I/O library',
    file: 'apps/server/src/domain/example.ts',
    bad: "import { sql } from 'drizzle-orm';\nexport const s = sql;\n",
    good: "import { caseStates } from '@unban/contract/case-states';\nexport const c = caseStates;\n",
  },
  {
    zone: 'routes do not import the database',
    file: 'apps/server/src/routes/health/example.ts',
    bad: "import { pingDatabase } from '../../db/client';\nexport const p = pingDatabase;\n",
    good: "import { isDatabaseUp } from '../../services/health';\nexport const p = isDatabaseUp;\n",
  },
  {
    zone: 'routes do not import jobs',
    file: 'apps/server/src/routes/mailbox/example.ts',
    bad: "import { listFailedEmails } from '../../jobs/outbox-worker';\nexport const l = listFailedEmails;\n",
    good: "import { readFailedEmails } from '../../services/mailbox';\nexport const l = readFailedEmails;\n",
  },
  {
    zone: 'route folders do not import each other',
    file: 'apps/server/src/routes/chat/example.ts',
    bad: "import { requestRoutes } from '../requests/request-routes';\nexport const r = requestRoutes;\n",
    good: "import { chatIdentityHash } from './chat-identity-routes';\nexport const h = chatIdentityHash;\n",
  },
  {
    zone: 'web features do not import each other',
    file: 'apps/web/src/features/home/example.ts',
    bad: "import { paths } from '../../config/paths';\nimport { fetchMailbox } from '../admin/api/get-mailbox';\nexport const f = [paths, fetchMailbox];\n",
    good: "import { paths } from '../../config/paths';\nexport const f = paths;\n",
  },
  {
    zone: 'payments only through its face',
    file: 'apps/server/src/services/example.ts',
    bad: "import { openCheckout } from '../payments/checkout-opening';\nexport const o = openCheckout;\n",
    good: "import { paymentsPlugin } from '../payments/payments-plugin';\nexport const p = paymentsPlugin;\n",
  },
  {
    zone: 'modules do not import back up into their callers',
    file: 'apps/server/src/payments/example.ts',
    bad: "import { moveCase } from '../services/move-case';\nexport const m = moveCase;\n",
    good: "import { applyCaseTransition } from '../cases/case-transitions';\nexport const a = applyCaseTransition;\n",
  },
];

describe('import zones', () => {
  it.each(cases)('$zone: refuses the violation, allows the way through', async (example) => {
    const refused = await importProblems(example.file, example.bad);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/no-restricted-(paths|imports)/);
    expect(await importProblems(example.file, example.good)).toEqual([]);
  });

  it('leaves tests free to look anywhere', async () => {
    const code =
      "import { openCheckout } from '../payments/checkout-opening';\nexport const o = openCheckout;\n";
    expect(await importProblems('apps/server/src/services/example.test.ts', code)).toEqual([]);
  });
});

// @ts-check
// The webhook property test (apps/server/src/routes/webhooks/stripe-webhooks-property.test.ts)
// at scale: the same test `npm test` runs with a few sequences, here with many, on
// PostgreSQL, through Vitest so it runs exactly as written.
import { spawn } from 'node:child_process';
import { rootDir } from './product.mjs';

export const WEBHOOK_PROPERTY_TEST =
  'apps/server/src/routes/webhooks/stripe-webhooks-property.test.ts';

/** @param {{ runs: number, postgresAdminUrl: string }} options @returns {Promise<boolean>} */
export async function runWebhookProperty({ runs, postgresAdminUrl }) {
  const child = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', WEBHOOK_PROPERTY_TEST],
    {
      cwd: rootDir,
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_DATABASE_URL: postgresAdminUrl,
        WEBHOOK_PROPERTY_RUNS: String(runs),
      },
    },
  );
  const code = await new Promise((resolve) => child.once('exit', resolve));
  return code === 0;
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { defaultPlaybooks } from '@unban/contract/playbook-defaults';
import type { PlaybookContent } from '@unban/contract/playbooks';
import { playbookListSchema, playbookSchema } from '@unban/contract/playbooks';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { playbooks, requests } from '../../db/schema';
import { seedDefaultPlaybooks } from '../../playbooks/playbook-store';
import { authEmulator } from '../../test/auth-emulator';
import { signUpStaff, signUpVerified } from '../../test/auth-tokens';
import type { PasswordUser } from '../../test/auth-tokens';
import {
  bearer,
  createRequestsTestApp,
  createdRequest,
  moveCase,
  newCustomer,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';

let subject: RequestsTestApp;
let admin: PasswordUser;
let operator: PasswordUser;
let customer: PasswordUser;

beforeAll(async () => {
  subject = await createRequestsTestApp();
  const auth = getFirebaseAuth({ projectId: authEmulator().projectId });
  [admin, operator, customer] = await Promise.all([
    signUpStaff(auth, 'admin'),
    signUpStaff(auth, 'operator'),
    signUpVerified(auth),
  ]);
});
afterAll(() => subject?.close());

const url = '/api/admin/playbooks/whatsapp/permanent_ban';

function get(path: string, user: PasswordUser) {
  return subject.app.inject({ method: 'GET', url: path, headers: bearer(user) });
}

function put(path: string, user: PasswordUser, payload: Record<string, unknown>) {
  return subject.app.inject({ method: 'PUT', url: path, headers: bearer(user), payload });
}

/** The default WhatsApp playbook with the support e-mail's appeal text replaced. */
function withAppealBody(body: string): PlaybookContent {
  const content = structuredClone(defaultPlaybooks.whatsapp.permanent_ban);
  const email = content.channels.find((channel) => channel.kind === 'support-email');
  if (!email?.templates) throw new Error('The default has no support e-mail templates');
  email.templates.appeal.body = body;
  return content;
}

async function currentVersion(path = url): Promise<number> {
  return playbookSchema.parse((await get(path, operator)).json()).version;
}

describe('seeding', () => {
  it('writes the defaults once, however often it runs', async () => {
    await seedDefaultPlaybooks(subject.app.db);
    await seedDefaultPlaybooks(subject.app.db);
    const rows = await subject.app.db.select().from(playbooks);
    // Two apps × three ban types, version 1 each (saves of other tests add versions later).
    expect(rows.filter((row) => row.version === 1)).toHaveLength(6);
  });
});

describe('reading playbooks', () => {
  it('lists the current version of every playbook to an operator', async () => {
    const response = await get('/api/admin/playbooks', operator);
    expect(response.statusCode).toBe(200);
    const { items } = playbookListSchema.parse(response.json());
    expect(items.map((item) => `${item.app}/${item.banType}`)).toEqual([
      'whatsapp/permanent_ban',
      'whatsapp/permanent_ban_business_platform',
      'whatsapp/temporary_ban',
      'whatsapp_business/permanent_ban',
      'whatsapp_business/permanent_ban_business_platform',
      'whatsapp_business/temporary_ban',
    ]);
    expect(items[1]?.channelKinds).toEqual(['business-manager']);
  });

  it('shows one playbook to an operator', async () => {
    const response = await get(url, operator);
    expect(response.statusCode).toBe(200);
    const playbook = playbookSchema.parse(response.json());
    expect(playbook.current).toBe(true);
    expect(playbook.content.channels[0]?.kind).toBe('in-app-review-by-owner');
  });

  it('refuses a customer (403) and a stranger (401)', async () => {
    expect((await get('/api/admin/playbooks', customer)).statusCode).toBe(403);
    expect((await subject.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers an unknown app or ban type with 400', async () => {
    expect((await get('/api/admin/playbooks/telegram/permanent_ban', operator)).statusCode).toBe(
      400,
    );
    expect((await get('/api/admin/playbooks/whatsapp/forever', operator)).statusCode).toBe(400);
  });

  it('answers a version that does not exist with 404', async () => {
    const response = await get(`${url}/versions/999`, operator);
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });
});

describe('saving a new version', () => {
  const path = '/api/admin/playbooks/whatsapp_business/permanent_ban';

  it('lets an admin save, keeping the old version readable', async () => {
    const before = await currentVersion(path);
    const content = withAppealBody('Please review {{phone_e164}} on {{app}}.');
    const response = await put(path, admin, { expectedVersion: before, content });
    expect(response.statusCode).toBe(200);
    const saved = playbookSchema.parse(response.json());
    expect(saved).toMatchObject({ version: before + 1, current: true, savedByUid: admin.uid });
    expect(saved.content).toEqual(content);

    const old = playbookSchema.parse((await get(`${path}/versions/${before}`, operator)).json());
    expect(old).toMatchObject({ version: before, current: false });
    expect(old.content).not.toEqual(content);
    expect(await currentVersion(path)).toBe(before + 1);
  });

  it('refuses an operator with 403, saving nothing', async () => {
    const before = await currentVersion(path);
    const response = await put(path, operator, {
      expectedVersion: before,
      content: withAppealBody('Hello {{app}}'),
    });
    expect(response.statusCode).toBe(403);
    expect(await currentVersion(path)).toBe(before);
  });

  it('refuses an unknown placeholder with UNKNOWN_PLACEHOLDER naming it, saving nothing', async () => {
    const before = await currentVersion(path);
    const response = await put(path, admin, {
      expectedVersion: before,
      content: withAppealBody('My number is {{phone_number}}, app {{app}}.'),
    });
    expect(response.statusCode).toBe(422);
    const { error } = errorBodySchema.parse(response.json());
    expect(error.code).toBe('UNKNOWN_PLACEHOLDER');
    expect(error.message).toContain('{{phone_number}}');
    expect(error.fields).toEqual({
      'channels.1.templates.appeal.body': expect.stringContaining('{{phone_number}}'),
    });
    expect(await currentVersion(path)).toBe(before);
  });

  it('refuses an edit of an outdated version with CONFLICT', async () => {
    const before = await currentVersion(path);
    const content = withAppealBody('Hello {{app}}');
    expect((await put(path, admin, { expectedVersion: before, content })).statusCode).toBe(200);
    const stale = await put(path, admin, { expectedVersion: before, content });
    expect(stale.statusCode).toBe(409);
    expect(errorBodySchema.parse(stale.json()).error.code).toBe('CONFLICT');
    expect(await currentVersion(path)).toBe(before + 1);
  });

  it('lets only one of two simultaneous saves of the same version win', async () => {
    const before = await currentVersion(path);
    const answers = await Promise.all(
      ['First {{app}}', 'Second {{app}}'].map((text) =>
        put(path, admin, { expectedVersion: before, content: withAppealBody(text) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await currentVersion(path)).toBe(before + 1);
  });

  it('refuses an invalid playbook with VALIDATION_FAILED', async () => {
    const content = withAppealBody('Hello');
    content.channels[0]!.followUp = { checkAfterDays: 7, followUpAfterDays: 2 };
    const response = await put(path, admin, { expectedVersion: 1, content });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('a case and its playbook version', () => {
  it('keeps the version current when the review started, whatever is saved later', async () => {
    const { id } = await createdRequest(subject, await newCustomer());
    const db = subject.app.db;
    await moveCase(db, id, [{ to: 'queued', actor: 'system' }]);
    const queued = await db.select().from(requests).where(eq(requests.id, id));
    expect(queued[0]?.playbookId).toBeNull();

    await moveCase(db, id, [{ to: 'in_review', actor: 'operator' }]);
    const [started] = await db.select().from(requests).where(eq(requests.id, id));
    const current = playbookSchema.parse((await get(url, operator)).json());
    expect(started?.playbookId).toBe(current.id);

    // A newer version, then back to the customer and into review again: the case stays put.
    const saved = await put(url, admin, {
      expectedVersion: current.version,
      content: withAppealBody('Newer {{app}}'),
    });
    expect(saved.statusCode).toBe(200);
    await moveCase(db, id, [
      { to: 'needs_info', actor: 'operator', messageToCustomer: 'Which phone?' },
      { to: 'in_review', actor: 'operator' },
    ]);
    const [after] = await db.select().from(requests).where(eq(requests.id, id));
    expect(after?.playbookId).toBe(current.id);
  });
});

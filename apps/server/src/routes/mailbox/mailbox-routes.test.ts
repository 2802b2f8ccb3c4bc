import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { outbox } from '../../db/schema';
import { createDevMailbox } from '../../jobs/dev-mailbox';
import { insertTestRequest } from '../../test/email-fixtures';
import { runEmailWorkerTick } from '../../jobs/outbox-worker';
import { applyCaseTransition } from '../../cases/case-transitions';
import { authEmulator } from '../../test/auth-emulator';
import { signUpAnonymously, signUpStaff } from '../../test/auth-tokens';
import { createTestApp, testConfig, testCalendar } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { defaultSiteIdentity } from '@unban/contract/site-config';

let subject: TestApp;
let operatorToken: string;
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: { firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host } },
  });
  operatorToken = (await signUpStaff(getFirebaseAuth({ projectId }), 'operator')).idToken;
});
afterAll(() => subject?.close());

function get(url: string, token?: string) {
  return subject.app.inject({
    method: 'GET',
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

/** Moves a case to needs_info and lets the worker deliver its e-mail to the dev mailbox. */
async function mailedQuestion(contactEmail: string, question: string) {
  const db = subject.database.db;
  const request = await insertTestRequest(db, { caseState: 'in_review', contactEmail });
  await db.transaction((tx) =>
    applyCaseTransition(
      tx,
      {
        requestId: request.id,
        to: 'needs_info',
        actor: 'operator',
        actorUid: 'operator-uid',
        messageToCustomer: question,
      },
      testCalendar,
    ),
  );
  const publicUrl = subject.app.config.publicUrl;
  await runEmailWorkerTick({
    db,
    mailer: createDevMailbox({ db, publicUrl, log: quietLog }),
    publicUrl,
    identity: defaultSiteIdentity,
    log: quietLog,
  });
  return request;
}

describe('GET /api/mailbox', () => {
  it('refuses visitors (401) and customers (403)', async () => {
    expect((await get('/api/mailbox')).statusCode).toBe(401);
    const guest = await signUpAnonymously();
    const response = await get('/api/mailbox', guest.idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('shows operators the e-mails customers received, by case or recipient', async () => {
    const first = await mailedQuestion('mailbox.one@example.test', 'Which phone was it on?');
    await mailedQuestion('mailbox.two@example.test', 'Since when?');

    const byCase = await get(`/api/mailbox?requestId=${first.id}`, operatorToken);
    expect(byCase.statusCode).toBe(200);
    expect(byCase.headers['cache-control']).toBe('no-store');
    const { messages } = byCase.json<{
      messages: { to: string; subject: string; text: string; html: string; requestId: string }[];
    }>();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      to: 'mailbox.one@example.test',
      requestId: first.id,
      subject: `${first.reference}: Information needed`,
    });
    expect(messages[0]?.text).toContain('Which phone was it on?');
    expect(messages[0]?.html).toContain('Which phone was it on?');

    const byRecipient = await get('/api/mailbox?to=mailbox.two@example.test', operatorToken);
    expect(byRecipient.json<{ messages: { to: string }[] }>().messages).toEqual([
      expect.objectContaining({ to: 'mailbox.two@example.test' }),
    ]);
    const all = await get('/api/mailbox?limit=1', operatorToken);
    expect(all.json<{ messages: unknown[] }>().messages).toHaveLength(1);
  });

  it('refuses a malformed filter with 400 VALIDATION_FAILED', async () => {
    const response = await get('/api/mailbox?requestId=nope&limit=0', operatorToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { requestId: expect.any(String) } },
    });
  });
});

describe('GET /api/mailbox/failed', () => {
  it('lists e-mails given up after their last try, with whom and which case', async () => {
    const request = await insertTestRequest(subject.database.db, {
      contactEmail: 'unreachable@example.test',
    });
    await subject.database.db.insert(outbox).values({
      kind: 'email.payment_received',
      idempotencyKey: `email:${request.id}:failed`,
      payload: {
        to: 'unreachable@example.test',
        template: 'payment_received',
        data: {
          requestId: request.id,
          reference: request.reference,
          state: 'queued',
          plan: 'standard',
          messageToCustomer: null,
        },
      },
      status: 'failed',
      attempts: 8,
      lastError: 'mailbox unavailable',
    });
    const response = await get('/api/mailbox/failed', operatorToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      failed: [
        expect.objectContaining({
          kind: 'email.payment_received',
          to: 'unreachable@example.test',
          requestId: request.id,
          reference: request.reference,
          attempts: 8,
          lastError: 'mailbox unavailable',
        }),
      ],
    });
    const guest = await signUpAnonymously();
    expect((await get('/api/mailbox/failed', guest.idToken)).statusCode).toBe(403);
  });
});

describe('POST /api/mailbox/failed/:id/requeue', () => {
  it('lets an operator send a failed e-mail again, once, and nobody else', async () => {
    const request = await insertTestRequest(subject.database.db, {
      contactEmail: 'fixed.address@example.test',
    });
    const [job] = await subject.database.db
      .insert(outbox)
      .values({
        kind: 'email.payment_received',
        idempotencyKey: `email:${request.id}:requeue`,
        payload: {
          to: 'fixed.address@example.test',
          template: 'payment_received',
          data: {
            requestId: request.id,
            reference: request.reference,
            state: 'queued',
            plan: 'standard',
            messageToCustomer: null,
          },
        },
        status: 'failed',
        attempts: 8,
        lastError: 'mailbox unavailable',
      })
      .returning();
    if (!job) throw new Error('no job');
    const requeue = (token?: string) =>
      subject.app.inject({
        method: 'POST',
        url: `/api/mailbox/failed/${job.id}/requeue`,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      });

    const guest = await signUpAnonymously();
    expect((await requeue()).statusCode).toBe(401);
    expect((await requeue(guest.idToken)).statusCode).toBe(403);

    const response = await requeue(operatorToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: job.id, status: 'pending' });
    const failed = await get('/api/mailbox/failed', operatorToken);
    expect(failed.json<{ failed: { id: string }[] }>().failed.map((row) => row.id)).not.toContain(
      job.id,
    );
    const again = await requeue(operatorToken);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

import { recordTestAppeal } from '../test/appeal-fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseState } from '@unban/contract/case-states';
import { createRequestBodySchema } from '@unban/contract/requests';
import type { DatabaseHandle } from '../db/client';
import { caseEvents, requests } from '../db/schema';
import type { CaseActor } from '../domain/case-machine';
import { emailJobs, insertTestRequest } from '../test/email-fixtures';
import { emailPayloadSchema } from '../jobs/email-outbox';
import { createRequestsTestApp, validRequestBody } from '../test/request-fixtures';
import { createTestDatabase } from '../test/test-database';
import { applyCaseTransition } from './case-transitions';
import { createRequest } from '../services/request-create';
import { testCalendar } from '../test/test-app';
import { defaultSiteIdentity } from '@unban/contract/site-config';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function move(
  requestId: string,
  to: CaseState,
  actor: CaseActor,
  messageToCustomer: string | null = null,
) {
  if (to === 'appeal_submitted') await recordTestAppeal(database.db, requestId);
  return database.db.transaction((tx) =>
    applyCaseTransition(
      tx,
      {
        requestId,
        to,
        actor,
        actorUid: actor === 'system' ? null : `${actor}-uid`,
        messageToCustomer,
      },
      testCalendar,
    ),
  );
}

describe('e-mails enqueued by case moves', () => {
  it('enqueues exactly one e-mail per move the customer must hear about, in order', async () => {
    const request = await insertTestRequest(database.db);
    await move(request.id, 'queued', 'system', 'Payment received.');
    await move(request.id, 'in_review', 'operator');
    await move(request.id, 'needs_info', 'operator', 'Which phone was the number on?');
    await move(request.id, 'in_review', 'customer');
    await move(request.id, 'needs_info', 'operator', 'And since when?');
    await move(request.id, 'in_review', 'operator');
    await move(request.id, 'appeal_submitted', 'operator');
    await move(request.id, 'denied', 'operator', 'WhatsApp kept the ban.');
    await move(request.id, 'refunded', 'system');

    const jobs = await emailJobs(database.db, request.id);
    expect(jobs.map((job) => job.kind)).toEqual([
      'email.payment_received',
      'email.info_needed',
      'email.info_needed',
      'email.appeal_submitted',
      'email.refund_coming',
      'email.refund_issued',
    ]);
    const payloads = jobs.map((job) => emailPayloadSchema.parse(job.payload));
    expect(payloads.map((payload) => payload.data.messageToCustomer)).toEqual([
      'Payment received.',
      'Which phone was the number on?',
      'And since when?',
      null,
      'WhatsApp kept the ban.',
      null,
    ]);
    expect(payloads.every((payload) => payload.to === request.contactEmail)).toBe(true);
    expect(payloads.map((payload) => payload.data.state)).toEqual([
      'queued',
      'needs_info',
      'needs_info',
      'appeal_submitted',
      'denied',
      'refunded',
    ]);
    // One key per timeline row: a second question is a second e-mail, never a duplicate.
    const events = await database.db
      .select({ id: caseEvents.id })
      .from(caseEvents)
      .where(eq(caseEvents.requestId, request.id));
    const eventIds = new Set(events.map((event) => `email:${request.id}:${event.id}`));
    expect(jobs.every((job) => eventIds.has(job.idempotencyKey))).toBe(true);
    expect(jobs.every((job) => job.status === 'pending' && job.attempts === 0)).toBe(true);
  });

  it('mails the outcome of an unbanned case and of a not eligible one', async () => {
    const unbanned = await insertTestRequest(database.db, { caseState: 'appeal_submitted' });
    await move(unbanned.id, 'unbanned', 'operator', 'Sign in again.');
    const notEligible = await insertTestRequest(database.db, { caseState: 'in_review' });
    await move(notEligible.id, 'not_eligible', 'operator');
    expect((await emailJobs(database.db, unbanned.id)).map((job) => job.kind)).toEqual([
      'email.unbanned',
    ]);
    expect((await emailJobs(database.db, notEligible.id)).map((job) => job.kind)).toEqual([
      'email.refund_coming',
    ]);
  });

  it('enqueues nothing when the transaction of the move rolls back', async () => {
    const request = await insertTestRequest(database.db, { caseState: 'in_review' });
    await expect(
      database.db.transaction(async (tx) => {
        await applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to: 'needs_info',
            actor: 'operator',
            actorUid: 'operator-uid',
            messageToCustomer: 'Which phone?',
          },
          testCalendar,
        );
        throw new Error('something later in the same transaction failed');
      }),
    ).rejects.toThrow(/later in the same transaction/);
    expect(await emailJobs(database.db, request.id)).toEqual([]);
    const [row] = await database.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row?.caseState).toBe('in_review');
  });

  it('enqueues nothing for a refused move', async () => {
    const request = await insertTestRequest(database.db, { caseState: 'queued' });
    await expect(move(request.id, 'unbanned', 'operator')).rejects.toThrow();
    expect(await emailJobs(database.db, request.id)).toEqual([]);
  });
});

describe('the request received e-mail', () => {
  it('is enqueued once with the new request, for its contact address', async () => {
    const subject = await createRequestsTestApp();
    try {
      const body = createRequestBodySchema.parse(
        validRequestBody({ contactEmail: 'New.Customer@Example.test' }),
      );
      const created = await createRequest(
        {
          db: subject.database.db,
          payments: subject.app.payments,
          publicUrl: 'https://unban.example.test',
          plans: defaultSiteIdentity.plans,
          localeCurrencies: defaultSiteIdentity.localeCurrencies,
          consumeQuota: async () => {},
        },
        { ownerUid: 'owner-received', body, idempotencyKey: 'key-received-1' },
      );
      // The same submission again answers with the same request and mails nothing more.
      await createRequest(
        {
          db: subject.database.db,
          payments: subject.app.payments,
          publicUrl: 'https://unban.example.test',
          plans: defaultSiteIdentity.plans,
          localeCurrencies: defaultSiteIdentity.localeCurrencies,
          consumeQuota: async () => {},
        },
        { ownerUid: 'owner-received', body, idempotencyKey: 'key-received-1' },
      );
      const jobs = await emailJobs(subject.database.db, created.response.id);
      expect(jobs.map((job) => job.kind)).toEqual(['email.request_received']);
      const payload = emailPayloadSchema.parse(jobs[0]?.payload);
      expect(payload).toMatchObject({
        to: 'new.customer@example.test',
        template: 'request_received',
        data: { reference: created.response.reference, state: 'awaiting_payment' },
      });
      // The status token opens the order without sign-in; it stays out of the outbox.
      expect(JSON.stringify(jobs[0]?.payload)).not.toContain(created.response.statusToken);
    } finally {
      await subject.close();
    }
  });
});

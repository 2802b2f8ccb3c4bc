import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestBodySchema } from '@unban/contract/requests';
import { caseEvents, outbox, payments, requests } from '../db/schema';
import { createRequestsTestApp, validRequestBody } from '../test/request-fixtures';
import type { RequestsTestApp } from '../test/request-fixtures';
import { AppError } from '../errors';
import { createRequest } from './request-create';
import type { CreateRequestDeps } from './request-create';
import { defaultSiteIdentity } from '@unban/contract/site-config';

let subject: RequestsTestApp;

beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

const body = createRequestBodySchema.parse(validRequestBody());

function deps(overrides: Partial<CreateRequestDeps> = {}): CreateRequestDeps {
  return {
    db: subject.database.db,
    payments: subject.app.payments,
    publicUrl: 'https://unban.example.test',
    plans: defaultSiteIdentity.plans,
    localeCurrencies: defaultSiteIdentity.localeCurrencies,
    consumeQuota: async () => {},
    ...overrides,
  };
}

/** The real payments, recording the reference of each first checkout asked for. */
function payingFor(asked: string[]): CreateRequestDeps['payments'] {
  const real = subject.app.payments;
  return {
    openCheckout: (input) => real.openCheckout(input),
    openFirstSession: (order, statusToken) => {
      asked.push(order.reference);
      return real.openFirstSession(order, statusToken);
    },
  };
}

describe('createRequest', () => {
  it('draws a new reference when the first one is taken, with a checkout opened for it', async () => {
    const first = await createRequest(deps(), { ownerUid: 'owner-1', body, idempotencyKey: null });
    const drawn = [first.response.reference, first.response.reference, 'UB-7K3Q9XQ2'];
    const asked: string[] = [];
    const second = await createRequest(
      deps({
        newReference: () => drawn.shift() ?? 'UB-ZZZZZZZZ',
        payments: payingFor(asked),
      }),
      { ownerUid: 'owner-2', body, idempotencyKey: null },
    );
    expect(second.response.reference).toBe('UB-7K3Q9XQ2');
    expect(drawn).toEqual([]);
    // The session carries the reference (its return address does): each draw asks for its own.
    expect(asked).toEqual([first.response.reference, first.response.reference, 'UB-7K3Q9XQ2']);
    const [attempt] = await subject.database.db
      .select()
      .from(payments)
      .where(eq(payments.requestId, second.response.id));
    expect(second.response.checkoutUrl).toBe(attempt!.checkoutUrl);
    const owners = await subject.database.db
      .select({ ownerUid: requests.ownerUid })
      .from(requests)
      .where(eq(requests.reference, first.response.reference));
    expect(owners).toEqual([{ ownerUid: 'owner-1' }]);
  });

  it('gives up with an error, storing nothing, when every reference drawn is taken', async () => {
    const taken = await createRequest(deps(), { ownerUid: 'owner-3', body, idempotencyKey: null });
    await expect(
      createRequest(deps({ newReference: () => taken.response.reference }), {
        ownerUid: 'owner-4',
        body,
        idempotencyKey: null,
      }),
    ).rejects.toThrow(/No free reference/);
    const stored = await subject.database.db
      .select()
      .from(requests)
      .where(eq(requests.ownerUid, 'owner-4'));
    expect(stored).toEqual([]);
  });

  it('counts a new request against the quota before storing it', async () => {
    const refusal = new Error('quota spent');
    await expect(
      createRequest(
        deps({
          consumeQuota: async () => {
            throw refusal;
          },
        }),
        { ownerUid: 'owner-5', body, idempotencyKey: null },
      ),
    ).rejects.toBe(refusal);
    const stored = await subject.database.db
      .select()
      .from(requests)
      .where(eq(requests.ownerUid, 'owner-5'));
    expect(stored).toEqual([]);
  });

  it('writes the request, its first timeline row, its e-mail and its first checkout, no lease held', async () => {
    const created = await createRequest(deps(), {
      ownerUid: 'owner-6',
      body,
      idempotencyKey: null,
    });
    const { db } = subject.database;
    const [request] = await db.select().from(requests).where(eq(requests.id, created.response.id));
    expect(request).toMatchObject({
      reference: created.response.reference,
      caseState: 'awaiting_payment',
      paymentState: 'unpaid',
      checkoutAttempts: 1,
      checkoutOpeningUntil: null,
      priceAmount: defaultSiteIdentity.plans[body.plan].priceMinor,
    });
    const events = await db.select().from(caseEvents).where(eq(caseEvents.requestId, request!.id));
    expect(events).toEqual([
      expect.objectContaining({
        actorType: 'system',
        fromState: null,
        toState: 'awaiting_payment',
        notice: { kind: 'request_received' },
      }),
    ]);
    const emails = await db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `email:${request!.id}:${events[0]!.id}`));
    expect(emails).toEqual([
      expect.objectContaining({
        kind: 'email.request_received',
        status: 'pending',
        payload: expect.objectContaining({ to: body.contactEmail.toLowerCase() }),
      }),
    ]);
    const attempts = await db.select().from(payments).where(eq(payments.requestId, request!.id));
    expect(attempts).toEqual([
      expect.objectContaining({ state: 'unpaid', amount: request!.priceAmount }),
    ]);
    expect(created.response.checkoutUrl).toBe(attempts[0]!.checkoutUrl);
  });

  it('saves the request without a checkout when the provider fails, asking it once', async () => {
    const down = new AppError('SERVICE_UNAVAILABLE', 'The provider is down.');
    const taken = await createRequest(deps(), { ownerUid: 'owner-7', body, idempotencyKey: null });
    const drawn = [taken.response.reference, 'UB-9P4R2M7T'];
    let asked = 0;
    const failure = await createRequest(
      deps({
        newReference: () => drawn.shift() ?? 'UB-ZZZZZZZZ',
        payments: {
          openCheckout: (input) => subject.app.payments.openCheckout(input),
          openFirstSession: async () => {
            asked += 1;
            throw down;
          },
        },
      }),
      { ownerUid: 'owner-8', body, idempotencyKey: null },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', cause: down });
    expect((failure as AppError).message).toContain('UB-9P4R2M7T');
    expect(asked).toBe(1);

    const { db } = subject.database;
    const [request] = await db.select().from(requests).where(eq(requests.ownerUid, 'owner-8'));
    expect(request).toMatchObject({
      reference: 'UB-9P4R2M7T',
      caseState: 'awaiting_payment',
      paymentState: 'unpaid',
      checkoutAttempts: 1,
      checkoutOpeningUntil: null,
    });
    expect(await db.select().from(payments).where(eq(payments.requestId, request!.id))).toEqual([]);
    const events = await db.select().from(caseEvents).where(eq(caseEvents.requestId, request!.id));
    expect(events).toHaveLength(1);
    const emails = await db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `email:${request!.id}:${events[0]!.id}`));
    expect(emails).toHaveLength(1);
  });

  it('starts a new request on a key older than the window with the one checkout it asked for', async () => {
    const key = 'key-older-than-the-window';
    const first = await createRequest(deps(), { ownerUid: 'owner-9', body, idempotencyKey: key });
    const { db } = subject.database;
    await db
      .update(requests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(requests.id, first.response.id));
    const asked: string[] = [];
    const later = await createRequest(deps({ payments: payingFor(asked) }), {
      ownerUid: 'owner-9',
      body,
      idempotencyKey: key,
    });
    expect(later.replayed).toBe(false);
    expect(later.response.id).not.toBe(first.response.id);
    // The insert met the old request's key, which was then freed: the same draft is saved.
    expect(asked).toEqual([later.response.reference]);
    const attempts = await db
      .select()
      .from(payments)
      .where(eq(payments.requestId, later.response.id));
    expect(attempts).toEqual([
      expect.objectContaining({ checkoutUrl: later.response.checkoutUrl }),
    ]);
  });
});

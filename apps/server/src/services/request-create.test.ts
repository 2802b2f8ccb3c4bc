import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestBodySchema } from '@unban/contract/requests';
import { caseEvents, outbox, payments, requests } from '../db/schema';
import { createRequestsTestApp, validRequestBody } from '../test/request-fixtures';
import type { RequestsTestApp } from '../test/request-fixtures';
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

describe('createRequest', () => {
  it('draws a new reference when the first one is taken', async () => {
    const first = await createRequest(deps(), { ownerUid: 'owner-1', body, idempotencyKey: null });
    const drawn = [first.response.reference, first.response.reference, 'UB-7K3Q9XQ2'];
    const second = await createRequest(
      deps({ newReference: () => drawn.shift() ?? 'UB-ZZZZZZZZ' }),
      { ownerUid: 'owner-2', body, idempotencyKey: null },
    );
    expect(second.response.reference).toBe('UB-7K3Q9XQ2');
    expect(drawn).toEqual([]);
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

  it('writes the request, its first timeline row, its e-mail and its first checkout, lease freed', async () => {
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
});

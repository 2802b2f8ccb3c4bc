import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { caseEvents, outbox, paymentEvents, payments, requests } from './schema';

/** The committed migrations, applied to a real database, give the tables the code expects. */

const newRequest = (reference: string): typeof requests.$inferInsert => ({
  reference,
  ownerUid: 'uid-1',
  statusTokenHash: 'hash',
  messagingApp: 'whatsapp',
  phoneE164: '+14155550123',
  accountType: 'personal',
  device: 'android',
  banMessage: 'This account is not allowed to use WhatsApp.',
  usage: 'family chats',
  contactEmail: 'customer@example.com',
  plan: 'standard',
  priceAmount: 4900,
  currency: 'USD',
});

function postgresErrorCode(error: unknown): unknown {
  // Drizzle wraps driver errors; the Postgres SQLSTATE is on the cause.
  const cause = error instanceof Error && error.cause ? error.cause : error;
  return typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : undefined;
}

describe('database schema', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('creates a request with a time-ordered UUIDv7 id and the initial states', async () => {
    const [first] = await database.db
      .insert(requests)
      .values(newRequest('UB-AAAAAAA1'))
      .returning();
    const [second] = await database.db
      .insert(requests)
      .values(newRequest('UB-AAAAAAA2'))
      .returning();
    expect(first?.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(first && second && first.id < second.id).toBe(true);
    expect(first).toMatchObject({
      caseState: 'awaiting_payment',
      paymentState: 'unpaid',
      version: 1,
      assignedOperatorUid: null,
    });
    expect(first?.createdAt).toBeInstanceOf(Date);
  });

  it('keeps references unique', async () => {
    await database.db.insert(requests).values(newRequest('UB-DUPLICAT'));
    const duplicate = database.db.insert(requests).values(newRequest('UB-DUPLICAT'));
    await expect(duplicate).rejects.toSatisfy((error) => postgresErrorCode(error) === '23505');
  });

  it('refuses negative prices and malformed currencies', async () => {
    const negative = database.db
      .insert(requests)
      .values({ ...newRequest('UB-NEGATIVE'), priceAmount: -1 });
    await expect(negative).rejects.toSatisfy((error) => postgresErrorCode(error) === '23514');
    const currency = database.db
      .insert(requests)
      .values({ ...newRequest('UB-CURRENCY'), currency: 'usd' });
    await expect(currency).rejects.toSatisfy((error) => postgresErrorCode(error) === '23514');
  });

  it('links payments and timeline events to their request', async () => {
    const [request] = await database.db
      .insert(requests)
      .values(newRequest('UB-LINKED01'))
      .returning();
    if (!request) throw new Error('request not created');
    await database.db.insert(payments).values({
      requestId: request.id,
      provider: 'sandbox',
      providerSessionId: 'sbx_session_1',
      amount: request.priceAmount,
      currency: request.currency,
    });
    await database.db.insert(caseEvents).values({
      requestId: request.id,
      actorType: 'system',
      fromState: null,
      toState: 'awaiting_payment',
    });
    const loaded = await database.db.query.requests.findFirst({
      where: eq(requests.id, request.id),
      with: { payments: true, caseEvents: true },
    });
    expect(loaded?.payments).toHaveLength(1);
    expect(loaded?.payments[0]).toMatchObject({ state: 'unpaid', refundedAmount: 0 });
    expect(loaded?.caseEvents[0]).toMatchObject({ toState: 'awaiting_payment' });

    const orphan = database.db.insert(payments).values({
      requestId: '01900000-0000-7000-8000-000000000000',
      provider: 'sandbox',
      providerSessionId: 'sbx_session_orphan',
      amount: 100,
      currency: 'USD',
    });
    await expect(orphan).rejects.toSatisfy((error) => postgresErrorCode(error) === '23503');
  });

  it('stores each provider event once', async () => {
    const event = {
      provider: 'stripe',
      providerEventId: 'evt_1',
      type: 'checkout.session.completed',
      payload: { id: 'evt_1', data: { object: { id: 'cs_1' } } },
    };
    const inserted = await database.db
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing()
      .returning();
    const again = await database.db
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing()
      .returning();
    expect(inserted).toHaveLength(1);
    expect(again).toHaveLength(0);
    const [stored] = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, 'evt_1'));
    expect(stored?.payload).toEqual(event.payload);
  });

  it('enqueues an outbox job once per idempotency key, due immediately', async () => {
    const job = {
      kind: 'email.request_received',
      idempotencyKey: 'req-1:received',
      payload: { to: 'a@b.c' },
    };
    await database.db.insert(outbox).values(job).onConflictDoNothing();
    await database.db.insert(outbox).values(job).onConflictDoNothing();
    const due = await database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= now()`);
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ attempts: 0, sentAt: null });
  });

  it('moves updated_at forward on update', async () => {
    const [created] = await database.db
      .insert(requests)
      .values(newRequest('UB-UPDATED1'))
      .returning();
    if (!created) throw new Error('request not created');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [updated] = await database.db
      .update(requests)
      .set({ caseState: 'queued', version: created.version + 1 })
      .where(eq(requests.id, created.id))
      .returning();
    expect(updated?.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
  });
});

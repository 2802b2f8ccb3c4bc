import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentStatusResponseSchema } from '@unban/contract/requests';
import { paymentEvents, payments } from '../db/schema';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripeApi,
} from '../test/fake-stripe-api';
import { orderWithCheckout, readPayment, readRequest } from '../test/payment-fixtures';
import { pressSandboxButton } from '../test/request-fixtures';
import { createTestDatabase } from '../test/test-database';
import { createTestApp, testConfig } from '../test/test-app';
import type { TestApp } from '../test/test-app';

/*
 * A webhook that never comes (lost, or a sandbox timer lost in a restart) must not leave a
 * paying customer "awaiting payment" for ever.
 */
describe('reconciling attempts whose webhook was lost (Stripe)', () => {
  let fake: FakeStripeApi;
  let subject: TestApp;

  beforeAll(async () => {
    fake = await FakeStripeApi.start();
    subject = await createTestApp({
      config: {
        publicUrl: 'https://unban.example.test',
        payments: {
          ...testConfig().payments,
          provider: 'stripe',
          stripe: {
            secretKey: FAKE_STRIPE_SECRET_KEY,
            webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
            apiBase: fake.baseUrl,
          },
        },
      },
    });
    await subject.app.ready();
  });
  afterAll(async () => {
    await subject?.close();
    await fake?.close();
  });

  const db = () => subject.database.db;
  const readStatus = (reference: string, token: string) =>
    subject.app.inject({
      method: 'GET',
      url: `/api/payments/status?${new URLSearchParams({ order: reference, token })}`,
    });
  /** Whether a driver call (text, or a query config on PostgreSQL) is the status read. */
  const isStatusRead = (text: unknown) =>
    String(
      typeof text === 'object' && text !== null ? (text as { text: string }).text : text,
    ).includes('"status_token_hash" as "statusTokenHash"');
  const sessionReads = (sessionId: string) =>
    fake.callsTo('GET', `/v1/checkout/sessions/${sessionId}`).length;

  it('the status screen asks the provider about an unpaid attempt, and shows it paid', async () => {
    const { request, statusToken, payment } = await orderWithCheckout(db(), subject.app);
    // The customer paid; the webhook never arrives.
    fake.completeSession(payment.providerSessionId, 'paid');

    const response = await readStatus(request.reference, statusToken);
    expect(response.statusCode).toBe(200);
    expect(paymentStatusResponseSchema.parse(response.json())).toMatchObject({
      paymentState: 'paid',
      caseState: 'queued',
    });
    expect((await readPayment(db(), payment.id)).state).toBe('paid');
  });

  it('asks at most once per attempt in a while, however often the screen polls', async () => {
    const { request, statusToken, payment } = await orderWithCheckout(db(), subject.app);
    for (let poll = 0; poll < 5; poll += 1) {
      expect((await readStatus(request.reference, statusToken)).statusCode).toBe(200);
    }
    expect(sessionReads(payment.providerSessionId)).toBe(1);
    // In the quiet period there is nothing to wait for: the answer is not even a promise.
    expect(subject.app.payments.reconcileOpenAttempts(request.id)).toBe(false);
  });

  it('reads of one order at the same moment share one look, and all show what it found', async () => {
    const { request, payment } = await orderWithCheckout(db(), subject.app);
    fake.completeSession(payment.providerSessionId, 'paid');
    const first = subject.app.payments.reconcileOpenAttempts(request.id);
    expect(subject.app.payments.reconcileOpenAttempts(request.id)).toBe(first);
    await first;

    const other = await orderWithCheckout(db(), subject.app);
    fake.completeSession(other.payment.providerSessionId, 'paid');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => readStatus(other.request.reference, other.statusToken)),
    );
    // A reader that lost the claim to another used to answer with the row from before the ask.
    for (const answer of answers) expect(answer.json()).toMatchObject({ paymentState: 'paid' });
    expect(sessionReads(other.payment.providerSessionId)).toBe(1);
  });

  it('a read whose row was read before a look ended shows what the look found', async () => {
    const { request, statusToken, payment } = await orderWithCheckout(db(), subject.app);
    fake.completeSession(payment.providerSessionId, 'paid');
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = client.query.bind(client);
    // The first status read's row ("unpaid") is held back until another read's look is over.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held: 'no' | 'holding' | 'read' = 'no';
    const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
      const result = query(...args);
      if (held !== 'no' || !isStatusRead(args[0])) return result;
      held = 'holding';
      return (result as Promise<unknown>).then(async (rows) => {
        held = 'read';
        await gate;
        return rows;
      });
    });
    try {
      const late = readStatus(request.reference, statusToken);
      await vi.waitFor(() => expect(held).toBe('read'));
      const first = await readStatus(request.reference, statusToken);
      expect(first.json()).toMatchObject({ paymentState: 'paid' });
      release();
      expect((await late).json()).toMatchObject({ paymentState: 'paid' });
      expect(sessionReads(payment.providerSessionId)).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('reads that share a look read the order again once, after it', async () => {
    const { request, statusToken, payment } = await orderWithCheckout(db(), subject.app);
    fake.completeSession(payment.providerSessionId, 'paid');
    // The status read runs its statement on the driver (driverStatement): count those.
    const client = (db() as unknown as { $client: { query: (text: unknown) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => readStatus(request.reference, statusToken)),
      );
      for (const answer of answers) expect(answer.json()).toMatchObject({ paymentState: 'paid' });
      const statusReads = query.mock.calls.filter(([text]) => isStatusRead(text));
      // One read each before the look, then one for all of them (six, before).
      expect(statusReads).toHaveLength(7);
    } finally {
      query.mockRestore();
    }
  });

  it('a look that finds nothing new locks nothing and writes nothing; the next one that does, settles', async () => {
    const { request, payment } = await orderWithCheckout(db(), subject.app);
    const before = await readPayment(db(), payment.id);
    const transaction = vi.spyOn(db(), 'transaction');
    try {
      // The customer has not paid yet: the provider says the session is open.
      expect(await subject.app.payments.reconcileOpenAttempts(request.id)).toBe(true);
      expect(sessionReads(payment.providerSessionId)).toBe(1);
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
    const after = await readPayment(db(), payment.id);
    expect(after).toMatchObject({ state: 'unpaid', refundedAmount: 0 });
    expect(after.updatedAt).toEqual(before.updatedAt);

    fake.completeSession(payment.providerSessionId, 'paid');
    await subject.app.payments.reconcile(payment.id);
    expect((await readPayment(db(), payment.id)).state).toBe('paid');
    expect((await readRequest(db(), request.id)).caseState).toBe('queued');
  });

  it('a look at a payment of the wrong amount logs it for an operator each time, though nothing changes', async () => {
    const { payment } = await orderWithCheckout(db(), subject.app);
    fake.completeSession(payment.providerSessionId, 'paid');
    fake.session(payment.providerSessionId).amount_total = payment.amount - 100;
    // The first look stores the payment intent; the next finds nothing to change.
    await subject.app.payments.reconcile(payment.id);
    const error = vi.spyOn(subject.app.log, 'error');
    try {
      await subject.app.payments.reconcile(payment.id);
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ paymentId: payment.id }),
        expect.stringContaining('not treated as paid'),
      );
    } finally {
      error.mockRestore();
    }
    expect((await readPayment(db(), payment.id)).state).toBe('unpaid');
  });

  it('the periodic sweep settles stale attempts nobody looks at', async () => {
    const { request, payment } = await orderWithCheckout(db(), subject.app);
    fake.completeSession(payment.providerSessionId, 'paid');
    // Made stale: the sweep leaves fresh attempts to their webhooks.
    await db()
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(payments.id, payment.id));

    const swept = await subject.app.payments.sweepStaleAttempts();
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await readPayment(db(), payment.id)).state).toBe('paid');
    expect((await readRequest(db(), request.id)).caseState).toBe('queued');
  });
});

describe('reconciling a sandbox "pay later" whose timer was lost in a restart', () => {
  it('ends paid when the status screen reads it after the delay', async () => {
    const database = await createTestDatabase();
    const config = { payments: { ...testConfig().payments } };
    config.payments.sandbox = { ...config.payments.sandbox, payLaterDelayMs: 60_000 };
    const before = await createTestApp({ database, config });
    const after = await createTestApp({ database, config });
    await before.app.ready();
    await after.app.ready();
    try {
      const { request, statusToken, checkout } = await orderWithCheckout(database.db, before.app);
      await pressSandboxButton(before, checkout.checkoutUrl, 'pay-later');
      expect((await readRequest(database.db, request.id)).paymentState).toBe('processing');
      // The server stops before the delay is over: its timer is gone with it.
      await before.app.close();

      // The delay passes while no server runs: the sandbox's own record says so.
      await database.db.execute(
        sql`update payment_events set payload = jsonb_set(payload, '{data,object,sandbox_settles_at}', to_jsonb(${Date.now() - 1}::bigint)) where payload #> '{data,object,sandbox_settles_at}' is not null`,
      );
      const response = await after.app.inject({
        method: 'GET',
        url: `/api/payments/status?${new URLSearchParams({ order: request.reference, token: statusToken })}`,
      });
      expect(paymentStatusResponseSchema.parse(response.json())).toMatchObject({
        paymentState: 'paid',
      });
    } finally {
      await before.app.close();
      await after.app.close();
      await database.close();
    }
  });
});

describe('the webhook inbox replay', () => {
  it('acts on a sandbox event stored just before a crash, once it has waited its turn', async () => {
    const subject = await createTestApp();
    await subject.app.ready();
    try {
      const db = subject.database.db;
      const { request, payment } = await orderWithCheckout(db, subject.app);
      const core = payment.providerSessionId.replace(/^sbx_/, '');
      // What the sandbox stores when the customer presses Pay, had the process died before
      // acting on it: the inbox row, never processed.
      const storedEvent = (id: string, receivedAt: Date) => ({
        provider: 'sandbox',
        providerEventId: id,
        type: 'checkout.session.completed',
        receivedAt,
        payload: {
          id,
          type: 'checkout.session.completed',
          data: {
            object: {
              object: 'checkout.session',
              id: payment.providerSessionId,
              status: 'complete',
              payment_status: 'paid',
              payment_intent: `sbx_pi_${core}`,
              amount_total: payment.amount,
              currency: payment.currency.toLowerCase(),
              metadata: { paymentId: payment.id, reference: request.reference },
            },
          },
        },
      });
      // A fresh one is left to the delivery that is storing it right now.
      await db.insert(paymentEvents).values(storedEvent('evt_sbx_fresh', new Date()));
      expect(await subject.app.payments.replayInbox()).toBe(0);
      expect((await readPayment(db, payment.id)).state).toBe('unpaid');

      await db
        .update(paymentEvents)
        .set({ receivedAt: new Date(Date.now() - 60_000) })
        .where(eq(paymentEvents.providerEventId, 'evt_sbx_fresh'));
      expect(await subject.app.payments.replayInbox()).toBe(1);
      expect((await readPayment(db, payment.id)).state).toBe('paid');
      expect((await readRequest(db, request.id)).caseState).toBe('queued');
      const [event] = await db
        .select({ processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(eq(paymentEvents.providerEventId, 'evt_sbx_fresh'));
      expect(event?.processedAt).toBeInstanceOf(Date);
      // Acted on once: nothing left to replay.
      expect(await subject.app.payments.replayInbox()).toBe(0);
    } finally {
      await subject.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, paymentEvents, payments } from '../../db/schema';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripeApi,
} from '../../test/fake-stripe-api';
import {
  inboxRow,
  insertRequest,
  operatorMoves,
  orderWithCheckout,
  readPayment,
  readRequest,
  refundJobs,
  timeline,
} from '../../test/payment-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

describe('Stripe webhooks (real SDK against a local fake Stripe API)', () => {
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

  function deliver(delivery: { body: string; headers: Record<string, string> }) {
    return subject.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: delivery.headers,
      payload: delivery.body,
    });
  }

  async function newOrder() {
    const order = await orderWithCheckout(db(), subject.app);
    return { ...order, sessionId: order.payment.providerSessionId };
  }

  describe('checkout', () => {
    it('opens a Stripe Checkout Session at the request price and returns to the status page', async () => {
      const { request, statusToken, checkout, payment } = await newOrder();
      const session = fake.session(payment.providerSessionId);

      expect(checkout.checkoutUrl).toBe(session.url);
      expect(payment).toMatchObject({
        provider: 'stripe',
        amount: 4900,
        currency: 'USD',
        state: 'unpaid',
        checkoutUrl: session.url,
      });
      expect(session.amount_total).toBe(request.priceAmount);
      expect(session.metadata).toEqual({ paymentId: payment.id, reference: request.reference });
      expect(session.success_url).toBe(
        `https://unban.example.test/payment-status?order=${request.reference}&token=${statusToken}`,
      );
      expect(session.cancel_url).toBe(`${session.success_url}&canceled=1`);
      const [call] = fake.callsTo('POST', '/v1/checkout/sessions').slice(-1);
      expect(call?.idempotencyKey).toBe(`checkout:${payment.id}`);
    });

    it('answers 503 and keeps no attempt when Stripe cannot be reached', async () => {
      const offline = await createTestApp({
        database: subject.database,
        config: {
          payments: {
            ...testConfig().payments,
            provider: 'stripe',
            stripe: {
              secretKey: FAKE_STRIPE_SECRET_KEY,
              webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
              // Nothing listens on the discard port.
              apiBase: 'http://127.0.0.1:9',
            },
          },
        },
      });
      try {
        await offline.app.ready();
        const { request, statusToken } = await insertRequest(db());
        const attempt = offline.app.payments.startCheckout(db(), { request, statusToken });
        await expect(attempt).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        const rows = await db().select().from(payments).where(eq(payments.requestId, request.id));
        expect(rows).toEqual([]);
      } finally {
        await offline.close();
      }
    });

    it('lets pages post forms to Stripe Checkout (Content-Security-Policy form-action)', async () => {
      const response = await subject.app.inject({ method: 'GET', url: '/' });
      expect(String(response.headers['content-security-policy'])).toContain(
        "form-action 'self' https://checkout.stripe.com",
      );
    });

    it('serves no sandbox pages and no sandbox webhook while Stripe is the provider', async () => {
      const sandboxHook = await subject.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(sandboxHook.statusCode).toBe(404);
      const page = await subject.app.inject({ method: 'GET', url: '/sandbox/checkout/sbx_x?s=y' });
      expect(page.statusCode).toBe(404);
    });
  });

  describe('signature and inbox', () => {
    it('refuses a bad or missing signature with 400 and stores nothing', async () => {
      const { sessionId } = await newOrder();
      fake.completeSession(sessionId, 'paid');
      const event = fake.sessionEvent('checkout.session.completed', sessionId);

      const forged = await deliver({
        body: event.body,
        headers: fake.signatureHeaders(event.body, 'whsec_not_ours'),
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });

      const unsigned = await deliver({
        body: event.body,
        headers: { 'content-type': 'application/json' },
      });
      expect(unsigned.statusCode).toBe(400);

      const tampered = await deliver({
        body: event.body.replace('"livemode":false', '"livemode":true'),
        headers: event.headers,
      });
      expect(tampered.statusCode).toBe(400);

      expect(await inboxRow(db(), event.eventId)).toBeNull();
    });

    it('stores only ids, type and amounts of an event: never card or billing details', async () => {
      const { sessionId } = await newOrder();
      fake.completeSession(sessionId, 'paid');
      const charge = {
        ...fake.chargeOfSession(sessionId),
        amount: 4900,
        amount_refunded: 4900,
        currency: 'usd',
        billing_details: { email: 'payer@example.test', name: 'Pat Payer', phone: '+15550001111' },
        payment_method_details: {
          card: {
            brand: 'visa',
            last4: '4242',
            exp_month: 12,
            exp_year: 2031,
            fingerprint: 'fp_Secret',
          },
        },
      };
      const event = fake.event('charge.refunded', charge);
      expect((await deliver(event)).statusCode).toBe(200);

      const row = await inboxRow(db(), event.eventId);
      expect(row?.payload).toEqual({
        id: event.eventId,
        type: 'charge.refunded',
        data: {
          object: {
            id: charge.id,
            object: 'charge',
            amount: 4900,
            amount_refunded: 4900,
            currency: 'usd',
            payment_intent: charge.payment_intent,
          },
        },
      });
      const stored = JSON.stringify(row?.payload);
      for (const secret of ['4242', 'fp_Secret', 'payer@example.test', 'Pat Payer', '2031']) {
        expect(stored).not.toContain(secret);
      }
    });

    it('acknowledges and records event types it does not act on', async () => {
      const event = fake.event('customer.created', { id: 'cus_123' });
      const response = await deliver(event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
      const row = await inboxRow(db(), event.eventId);
      expect(row).toMatchObject({ provider: 'stripe', type: 'customer.created' });
      expect(row?.processedAt).toBeInstanceOf(Date);
    });

    it('ignores sessions that are not ours, and asks for a retry when our paid one has no row', async () => {
      const foreign = fake.event('checkout.session.completed', { id: 'cs_test_foreign' });
      fake.sessions.set('cs_test_foreign', {
        ...fake.session((await newOrder()).sessionId),
        id: 'cs_test_foreign',
        metadata: {},
      });
      expect((await deliver(foreign)).json()).toMatchObject({ outcome: 'ignored' });

      // One of ours (our payment id) whose row was never written: money must not be lost
      // track of, so the provider is asked to deliver again...
      const lostSession = {
        ...fake.session('cs_test_foreign'),
        id: 'cs_test_lost',
        metadata: { paymentId: '0190f3c2-7c4d-7000-8000-00000000dead' },
      };
      fake.sessions.set('cs_test_lost', {
        ...lostSession,
        status: 'complete',
        payment_status: 'paid',
      });
      const lost = fake.event('checkout.session.completed', { id: 'cs_test_lost' });
      const response = await deliver(lost);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
      // Kept, unprocessed, for the provider's next delivery.
      expect((await inboxRow(db(), lost.eventId))?.processedAt).toBeNull();

      // ...while one that never took money has nothing to keep.
      fake.sessions.set('cs_test_unpaid', {
        ...lostSession,
        id: 'cs_test_unpaid',
        status: 'expired',
      });
      const expired = fake.event('checkout.session.expired', { id: 'cs_test_unpaid' });
      expect((await deliver(expired)).json()).toMatchObject({ outcome: 'ignored' });
    });

    it('refuses bodies over 1 MiB', async () => {
      const body = JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(1024 * 1024) });
      const response = await deliver({ body, headers: fake.signatureHeaders(body) });
      expect(response.statusCode).toBe(413);
    });
  });

  describe('payments', () => {
    it('marks the payment paid and queues the case on checkout.session.completed', async () => {
      const { request, payment, sessionId } = await newOrder();
      fake.completeSession(sessionId, 'paid');

      const response = await deliver(fake.sessionEvent('checkout.session.completed', sessionId));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: 'processed' });

      expect(await readPayment(db(), payment.id)).toMatchObject({
        state: 'paid',
        providerPaymentIntent: fake.session(sessionId).payment_intent,
      });
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'queued',
        paymentState: 'paid',
      });
      const rows = await timeline(db(), request.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ from: 'awaiting_payment', to: 'queued', actor: 'system' });
      expect(rows[0]?.message).toContain('$49.00');
    });

    it('treats the event as a pointer: a signed event claiming payment changes nothing Stripe does not confirm', async () => {
      const { request, payment, sessionId } = await newOrder();
      const claim = fake.event('checkout.session.completed', {
        ...fake.session(sessionId),
        status: 'complete',
        payment_status: 'paid',
      });
      expect((await deliver(claim)).statusCode).toBe(200);
      expect((await readPayment(db(), payment.id)).state).toBe('unpaid');
      expect((await readRequest(db(), request.id)).caseState).toBe('awaiting_payment');
    });

    it('processes a redelivered event once', async () => {
      const { request, sessionId } = await newOrder();
      fake.completeSession(sessionId, 'paid');
      const event = fake.sessionEvent('checkout.session.completed', sessionId);

      expect((await deliver(event)).json()).toMatchObject({ outcome: 'processed' });
      expect((await deliver(event)).json()).toMatchObject({ outcome: 'duplicate' });
      expect(await timeline(db(), request.id)).toHaveLength(1);
      const stored = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.providerEventId, event.eventId));
      expect(stored).toHaveLength(1);
    });

    it('ends in the same state when events arrive late, twice or out of order', async () => {
      // expired after completed, completed twice (two event ids)
      const card = await newOrder();
      fake.completeSession(card.sessionId, 'paid');
      await deliver(fake.sessionEvent('checkout.session.completed', card.sessionId));
      await deliver(fake.sessionEvent('checkout.session.completed', card.sessionId));
      await deliver(fake.sessionEvent('checkout.session.expired', card.sessionId));
      expect((await readPayment(db(), card.payment.id)).state).toBe('paid');
      expect(await timeline(db(), card.request.id)).toHaveLength(1);

      // async_payment_succeeded before completed
      const debit = await newOrder();
      fake.completeSession(debit.sessionId, 'processing');
      const completed = fake.sessionEvent('checkout.session.completed', debit.sessionId);
      fake.settleAsync(debit.sessionId, 'succeeded');
      const succeeded = fake.sessionEvent(
        'checkout.session.async_payment_succeeded',
        debit.sessionId,
      );
      await deliver(succeeded);
      await deliver(completed);
      expect((await readPayment(db(), debit.payment.id)).state).toBe('paid');
      expect(await readRequest(db(), debit.request.id)).toMatchObject({
        caseState: 'queued',
        paymentState: 'paid',
      });
      expect(await timeline(db(), debit.request.id)).toHaveLength(1);
    });

    it('shows a delayed payment as processing, then failed when the bank refuses it', async () => {
      const { request, payment, sessionId } = await newOrder();
      fake.completeSession(sessionId, 'processing');
      await deliver(fake.sessionEvent('checkout.session.completed', sessionId));
      expect((await readRequest(db(), request.id)).paymentState).toBe('processing');

      fake.settleAsync(sessionId, 'failed');
      await deliver(fake.sessionEvent('checkout.session.async_payment_failed', sessionId));
      expect((await readPayment(db(), payment.id)).state).toBe('failed');
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'awaiting_payment',
        paymentState: 'failed',
      });
      expect(await timeline(db(), request.id)).toHaveLength(0);
    });

    it('moves the case once when duplicate deliveries arrive at the same time', async () => {
      const { request, payment, sessionId } = await newOrder();
      fake.completeSession(sessionId, 'paid');
      const event = fake.sessionEvent('checkout.session.completed', sessionId);
      const other = fake.sessionEvent('checkout.session.completed', sessionId);

      const responses = await Promise.all([
        deliver(event),
        deliver(event),
        deliver(other),
        deliver(event),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const outcomes = responses.map(
        (response) => (response.json() as { outcome: string }).outcome,
      );
      // One event id is acted on once however many copies race; the other id once too.
      expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'processed', 'processed']);

      expect((await readPayment(db(), payment.id)).state).toBe('paid');
      const rows = await timeline(db(), request.id);
      expect(rows.map((row) => row.to)).toEqual(['queued']);
    });

    it('closes an unstarted request when its payment was refunded in the dashboard', async () => {
      const { request, payment, sessionId } = await newOrder();
      fake.completeSession(sessionId, 'paid');
      fake.refundInDashboard(sessionId);
      // Only the refund's event arrives (the completion's is delayed): it points at the
      // charge, which leads back to the session.
      await deliver(fake.chargeRefundedEvent(sessionId));
      expect(await readPayment(db(), payment.id)).toMatchObject({
        state: 'refunded',
        refundedAmount: 4900,
      });
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'canceled',
        paymentState: 'refunded',
      });
      await deliver(fake.sessionEvent('checkout.session.completed', sessionId));
      expect((await readRequest(db(), request.id)).caseState).toBe('canceled');
    });
  });

  describe('refunds', () => {
    it('refunds a denied case in full through Stripe, then closes it as refunded', async () => {
      const { request, payment, sessionId } = await newOrder();
      fake.completeSession(sessionId, 'paid');
      await deliver(fake.sessionEvent('checkout.session.completed', sessionId));

      await operatorMoves(db(), subject.app, request.id, ['in_review', 'not_eligible']);

      const [call] = fake.callsTo('POST', '/v1/refunds').slice(-1);
      expect(call?.idempotencyKey).toBe(`refund:${payment.id}`);
      expect(call?.params.get('amount')).toBe('4900');
      expect(call?.params.get('payment_intent')).toBe(fake.session(sessionId).payment_intent);
      expect(call?.params.get('reason')).toBe('requested_by_customer');
      expect(await readPayment(db(), payment.id)).toMatchObject({
        state: 'refunded',
        refundRequestedAmount: 4900,
        refundedAmount: 4900,
      });
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'refunded',
        paymentState: 'refunded',
      });

      // Stripe's own notice of the refund changes nothing more.
      const notice = await deliver(fake.chargeRefundedEvent(sessionId));
      expect(notice.json()).toMatchObject({ outcome: 'processed' });
      const moves = (await timeline(db(), request.id)).map((row) => `${row.from}>${row.to}`);
      expect(moves).toEqual([
        'awaiting_payment>queued',
        'queued>in_review',
        'in_review>not_eligible',
        'not_eligible>refunded',
      ]);
      expect(
        fake
          .callsTo('POST', '/v1/refunds')
          .filter((c) => c.idempotencyKey === `refund:${payment.id}`),
      ).toHaveLength(1);
    });

    it('keeps a refund that Stripe could not take pending and retries it', async () => {
      const { request, payment, sessionId } = await newOrder();
      fake.completeSession(sessionId, 'paid');
      await deliver(fake.sessionEvent('checkout.session.completed', sessionId));

      fake.refundFailures = 1;
      await operatorMoves(db(), subject.app, request.id, ['in_review', 'not_eligible']);
      expect((await readPayment(db(), payment.id)).state).toBe('refund_pending');
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'not_eligible',
        paymentState: 'refund_pending',
      });
      const [job] = (await refundJobs(db())).filter(
        (row) => row.idempotencyKey === `refund:${payment.id}`,
      );
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job?.lastError).toContain('Stripe');

      // Not due yet: the sweep leaves it alone.
      await subject.app.payments.runDueRefunds();
      expect((await readPayment(db(), payment.id)).state).toBe('refund_pending');

      await db()
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outbox.idempotencyKey, `refund:${payment.id}`));
      await subject.app.payments.runDueRefunds();
      expect((await readPayment(db(), payment.id)).state).toBe('refunded');
      expect((await readRequest(db(), request.id)).caseState).toBe('refunded');
      expect(fake.chargeOfSession(sessionId).amount_refunded).toBe(4900);
    });
  });
});

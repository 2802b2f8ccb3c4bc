import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripeApi,
} from '../../test/fake-stripe-api';
import { InvalidWebhookError } from './provider';
import type { CheckoutSessionInput, PaymentProvider } from './provider';
import { STRIPE_API_VERSION, createStripeProvider } from './stripe';

describe('Stripe provider (real SDK against a local fake Stripe API)', () => {
  let fake: FakeStripeApi;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    fake = await FakeStripeApi.start();
    stripe = createStripeProvider({
      secretKey: FAKE_STRIPE_SECRET_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiBase: fake.baseUrl,
    });
  });
  afterAll(() => fake?.close());

  const input = (overrides: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput => ({
    paymentId: '0190f3c2-7c4d-7000-8000-000000000001',
    reference: 'UB-7K3Q9XQ2',
    amountMinor: 4900,
    currency: 'USD',
    productName: 'WhatsApp unban request (Standard)',
    customerEmail: 'customer@example.com',
    locale: 'en',
    successUrl: 'https://unban.example.test/#/payment-status?order=UB-7K3Q9XQ2&token=t',
    cancelUrl: 'https://unban.example.test/#/payment-status?order=UB-7K3Q9XQ2&token=t',
    idempotencyKey: `checkout:${Math.random()}`,
    ...overrides,
  });

  it('creates a hosted Checkout Session at the given price, tagged with our ids', async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await stripe.createCheckoutSession(input({ idempotencyKey: 'checkout:p1' }));

    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.sessionId}`);
    const [call] = fake.callsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(call?.idempotencyKey).toBe('checkout:p1');
    const params = call?.params;
    expect(params?.get('mode')).toBe('payment');
    expect(params?.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(params?.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(params?.get('line_items[0][quantity]')).toBe('1');
    expect(params?.get('line_items[0][price_data][product_data][name]')).toBe(
      'WhatsApp unban request (Standard)',
    );
    expect(params?.get('client_reference_id')).toBe('UB-7K3Q9XQ2');
    expect(params?.get('customer_email')).toBe('customer@example.com');
    expect(params?.get('metadata[paymentId]')).toBe('0190f3c2-7c4d-7000-8000-000000000001');
    expect(params?.get('metadata[reference]')).toBe('UB-7K3Q9XQ2');
    expect(params?.get('payment_intent_data[metadata][paymentId]')).toBe(
      '0190f3c2-7c4d-7000-8000-000000000001',
    );
    expect(params?.get('success_url')).toBe(input().successUrl);
    expect(params?.get('locale')).toBe('en');
    const expiresAt = Number(params?.get('expires_at'));
    expect(expiresAt - before).toBeGreaterThan(22 * 3600);
    expect(expiresAt - before).toBeLessThanOrEqual(24 * 3600 + 5);
  });

  it("opens Checkout in the customer's language, or the browser's where Stripe has none", async () => {
    const localeSent = async (locale: CheckoutSessionInput['locale']) => {
      await stripe.createCheckoutSession(input({ locale }));
      return fake.callsTo('POST', '/v1/checkout/sessions').at(-1)?.params.get('locale');
    };
    expect(await localeSent('pt-BR')).toBe('pt-BR');
    expect(await localeSent('es')).toBe('es');
    expect(await localeSent('hi')).toBe('hi-IN');
    expect(await localeSent('id')).toBe('id');
    expect(await localeSent('ar')).toBe('auto');
  });

  it('asks for the pinned API version on every call', async () => {
    const session = await stripe.createCheckoutSession(input());
    await stripe.retrieveSession(session.sessionId);
    const versions = new Set(fake.calls.map((call) => call.apiVersion));
    expect([...versions]).toEqual([STRIPE_API_VERSION]);
  });

  it('reads an open, a paid, a processing and a failed session as they are', async () => {
    const open = await stripe.createCheckoutSession(input());
    expect(await stripe.retrieveSession(open.sessionId)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      paymentFailed: false,
      paymentIntentId: null,
      amountTotal: 4900,
      currency: 'USD',
      amountRefunded: 0,
      metadata: { paymentId: '0190f3c2-7c4d-7000-8000-000000000001', reference: 'UB-7K3Q9XQ2' },
    });

    const paid = await stripe.createCheckoutSession(input());
    fake.completeSession(paid.sessionId, 'paid');
    expect(await stripe.retrieveSession(paid.sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: fake.session(paid.sessionId).payment_intent,
    });

    const debit = await stripe.createCheckoutSession(input());
    fake.completeSession(debit.sessionId, 'processing');
    expect(await stripe.retrieveSession(debit.sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'unpaid',
      paymentFailed: false,
    });
    fake.settleAsync(debit.sessionId, 'failed');
    expect(await stripe.retrieveSession(debit.sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'unpaid',
      paymentFailed: true,
    });
  });

  it('finds the session a charge was paid through', async () => {
    const paid = await stripe.createCheckoutSession(input());
    fake.completeSession(paid.sessionId, 'paid');
    const charge = fake.chargeOfSession(paid.sessionId);
    expect(await stripe.sessionIdForCharge(charge.id)).toBe(paid.sessionId);
  });

  it('refunds once per idempotency key, and treats an already refunded charge as done', async () => {
    const paid = await stripe.createCheckoutSession(input());
    fake.completeSession(paid.sessionId, 'paid');
    const intent = fake.session(paid.sessionId).payment_intent ?? '';
    const refund = {
      paymentIntentId: intent,
      amountMinor: 4900,
      currency: 'USD',
      idempotencyKey: `refund:${paid.sessionId}`,
      reason: 'requested_by_customer' as const,
      paymentId: 'p',
    };

    const first = await stripe.refund(refund);
    const again = await stripe.refund(refund);
    expect(first.status).toBe('succeeded');
    expect(again.refundId).toBe(first.refundId);
    expect(fake.chargeOfSession(paid.sessionId).amount_refunded).toBe(4900);
    expect((await stripe.retrieveSession(paid.sessionId)).amountRefunded).toBe(4900);

    // A retry after Stripe forgot the key (24 h) meets the finished refund, not an error.
    const later = await stripe.refund({ ...refund, idempotencyKey: 'refund:other-key' });
    expect(later.status).toBe('succeeded');
    expect(fake.chargeOfSession(paid.sessionId).amount_refunded).toBe(4900);
  });

  it("charges and refunds in Stripe's own units where they differ from ours (IDR)", async () => {
    // Rp 249.000: whole rupiah are our minor unit, Stripe counts IDR in hundredths.
    const paid = await stripe.createCheckoutSession(
      input({ amountMinor: 249_000, currency: 'IDR' }),
    );
    const [call] = fake.callsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(call?.params.get('line_items[0][price_data][unit_amount]')).toBe('24900000');
    expect(call?.params.get('line_items[0][price_data][currency]')).toBe('idr');
    fake.completeSession(paid.sessionId, 'paid');
    expect(await stripe.retrieveSession(paid.sessionId)).toMatchObject({
      amountTotal: 249_000,
      currency: 'IDR',
    });

    await stripe.refund({
      paymentIntentId: fake.session(paid.sessionId).payment_intent ?? '',
      amountMinor: 249_000,
      currency: 'IDR',
      idempotencyKey: `refund:${paid.sessionId}`,
      reason: 'requested_by_customer',
      paymentId: 'p',
    });
    expect(fake.chargeOfSession(paid.sessionId).amount_refunded).toBe(24_900_000);
    expect((await stripe.retrieveSession(paid.sessionId)).amountRefunded).toBe(249_000);
  });

  it('verifies webhook signatures on the raw body', () => {
    const { body, headers, eventId } = fake.event('checkout.session.completed', {
      id: 'cs_test_1',
    });
    expect(stripe.verifyWebhook(Buffer.from(body), headers)).toMatchObject({
      id: eventId,
      type: 'checkout.session.completed',
      object: { kind: 'checkout_session', id: 'cs_test_1' },
    });

    // One changed byte (re-serialised JSON, a proxy that pretty-prints...) breaks it.
    expect(() =>
      stripe.verifyWebhook(Buffer.from(body.replace('cs_test_1', 'cs_test_2')), headers),
    ).toThrow(InvalidWebhookError);
    expect(() =>
      stripe.verifyWebhook(Buffer.from(body), fake.signatureHeaders(body, 'whsec_someone_else')),
    ).toThrow(InvalidWebhookError);
    expect(() => stripe.verifyWebhook(Buffer.from(body), {})).toThrow(InvalidWebhookError);
  });
});

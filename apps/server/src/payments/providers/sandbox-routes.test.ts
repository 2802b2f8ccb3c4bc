import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inboxRow,
  orderWithCheckout,
  readPayment,
  readRequest,
  timeline,
} from '../../test/payment-fixtures';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox';
import { signWebhookPayload } from './webhook-signature';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://unban.example.test';
const PAY_LATER_MS = 150;

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('sandbox provider: hosted checkout page and its outcomes', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({
      config: {
        publicUrl: PUBLIC_URL,
        payments: {
          ...testConfig().payments,
          sandbox: { ...testConfig().payments.sandbox, payLaterDelayMs: PAY_LATER_MS },
        },
      },
    });
    await subject.app.ready();
  });
  afterAll(() => subject?.close());

  const db = () => subject.database.db;

  /** The checkout address as the customer's browser gets it, relative to the site. */
  async function newOrder() {
    const order = await orderWithCheckout(db(), subject.app);
    const url = new URL(order.checkout.checkoutUrl);
    expect(url.origin).toBe(PUBLIC_URL);
    const statusUrl = `${PUBLIC_URL}/payment-status?order=${order.request.reference}&token=${order.statusToken}`;
    return { ...order, path: `${url.pathname}${url.search}`, url, statusUrl };
  }

  function press(path: string, outcome: string, origin: string | null = PUBLIC_URL) {
    const [pathname, search] = path.split('?');
    return subject.app.inject({
      method: 'POST',
      url: `${pathname}/${outcome}?${search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin ? { origin } : {}),
      },
      payload: '',
    });
  }

  describe('the page', () => {
    it('shows the amount, the reference and four buttons, with no script and a strict policy', async () => {
      const { path, request, payment } = await newOrder();
      expect(payment.providerSessionId).toMatch(/^sbx_[0-9a-f-]{36}$/);

      const response = await subject.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain(`form-action 'self' ${PUBLIC_URL}`);
      expect(csp).not.toContain('script-src');
      // Keeps the signed address from other sites while the buttons' posts still carry their
      // Origin (with no-referrer, browsers send `Origin: null` and every press is refused).
      expect(response.headers['referrer-policy']).toBe('same-origin');

      const html = response.body;
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('$49.00');
      expect(html).toContain(request.reference);
      expect(html).not.toMatch(/<script/i);
      const actions = [...html.matchAll(/<form method="post" action="([^"]+)">/g)].map((m) =>
        (m[1] ?? '').replace(/\?.*$/, '').split('/').at(-1),
      );
      expect(actions).toEqual(['pay', 'decline', 'cancel', 'pay-later']);
      for (const label of ['Pay', 'Decline', 'Cancel', 'Pay later (completes asynchronously)']) {
        expect(html).toContain(`>${label}</button>`);
      }
    });

    it('answers 404 to a link whose signed session was changed or belongs to another session', async () => {
      const first = await newOrder();
      const second = await newOrder();
      const tampered = first.path.replace(/s=([^&]+)/, (_m, token: string) => `s=x${token}`);
      expect((await subject.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
      const swapped = `${first.url.pathname}${second.url.search}`;
      expect((await subject.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(404);
      expect((await press(swapped, 'pay')).statusCode).toBe(404);
      expect((await readPayment(db(), first.payment.id)).state).toBe('unpaid');
    });

    it('refuses a button press from another site or without an Origin', async () => {
      const { path, payment } = await newOrder();
      expect((await press(path, 'pay', 'https://evil.example')).statusCode).toBe(403);
      expect((await press(path, 'pay', null)).statusCode).toBe(403);
      expect((await readPayment(db(), payment.id)).state).toBe('unpaid');
    });
  });

  describe('outcomes', () => {
    it('Pay: paid, case queued, back to the status page', async () => {
      const { path, request, payment, statusUrl } = await newOrder();
      const response = await press(path, 'pay');
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(statusUrl);

      expect(await readPayment(db(), payment.id)).toMatchObject({
        state: 'paid',
        providerPaymentIntent: payment.providerSessionId.replace('sbx_', 'sbx_pi_'),
      });
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'queued',
        paymentState: 'paid',
      });
      expect((await timeline(db(), request.id)).map((row) => row.to)).toEqual(['queued']);

      // The page is closed now, and a second press sends nothing more.
      const page = await subject.app.inject({ method: 'GET', url: path });
      expect(page.body).toContain('This checkout is closed');
      expect(page.body).not.toContain('<form');
      expect((await press(path, 'decline')).headers.location).toBe(statusUrl);
      expect((await readPayment(db(), payment.id)).state).toBe('paid');
      expect(await timeline(db(), request.id)).toHaveLength(1);
    });

    it('Decline: the payment fails and the case keeps waiting for payment', async () => {
      const { path, request, payment } = await newOrder();
      expect((await press(path, 'decline')).statusCode).toBe(303);
      expect((await readPayment(db(), payment.id)).state).toBe('failed');
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'awaiting_payment',
        paymentState: 'failed',
      });
    });

    it('Cancel: the checkout expires, so the status page can offer a new one', async () => {
      const { path, request, payment, statusUrl } = await newOrder();
      const response = await press(path, 'cancel');
      expect(response.headers.location).toBe(`${statusUrl}&canceled=1`);
      expect((await readPayment(db(), payment.id)).state).toBe('expired');
      expect((await readRequest(db(), request.id)).paymentState).toBe('expired');
    });

    it('Pay later: processing at first, then paid without anyone pressing anything', async () => {
      const { path, request, payment } = await newOrder();
      expect((await press(path, 'pay-later')).statusCode).toBe(303);
      expect((await readPayment(db(), payment.id)).state).toBe('processing');
      expect((await readRequest(db(), request.id)).caseState).toBe('awaiting_payment');

      await eventually(async () => (await readPayment(db(), payment.id)).state === 'paid');
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'queued',
        paymentState: 'paid',
      });
    });

    it('Pay later: settles on the next reconciliation when its timer never fired', async () => {
      const own = await createTestApp({
        database: subject.database,
        config: {
          publicUrl: PUBLIC_URL,
          payments: {
            ...testConfig().payments,
            sandbox: { ...testConfig().payments.sandbox, payLaterDelayMs: PAY_LATER_MS },
          },
        },
      });
      try {
        await own.app.ready();
        const order = await orderWithCheckout(db(), own.app);
        const url = new URL(order.checkout.checkoutUrl);
        const [pathname, search] = [url.pathname, url.search];
        await own.app.inject({
          method: 'POST',
          url: `${pathname}/pay-later${search}`,
          headers: { origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        });
        // As if the server stopped: the pending timer is gone.
        own.app.payments.sandbox?.close();
        await new Promise((resolve) => setTimeout(resolve, PAY_LATER_MS + 50));
        expect((await readPayment(db(), order.payment.id)).state).toBe('processing');

        await own.app.payments.reconcile(order.payment.id);
        expect((await readPayment(db(), order.payment.id)).state).toBe('paid');
        expect((await readRequest(db(), order.request.id)).caseState).toBe('queued');
      } finally {
        await own.close();
      }
    });
  });

  describe('its webhook endpoint', () => {
    function signedEvent(id: string, type: string, object: Record<string, unknown>) {
      const body = JSON.stringify({ id, object: 'event', type, data: { object } });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signWebhookPayload(
            body,
            testConfig().payments.sandbox.webhookSecret,
          ),
        },
      };
    }

    it('goes through the same handler: signature checked, inbox kept, replays ignored', async () => {
      const { request, payment } = await newOrder();
      const event = signedEvent('evt_sbx_manual_1', 'checkout.session.completed', {
        object: 'checkout.session',
        id: payment.providerSessionId,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: payment.providerSessionId.replace('sbx_', 'sbx_pi_'),
        amount_total: 4900,
        currency: 'usd',
        metadata: { paymentId: payment.id, reference: request.reference },
      });

      const bad = await subject.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { ...event.headers, [SANDBOX_SIGNATURE_HEADER]: 't=1,v1=00' },
        payload: event.body,
      });
      expect(bad.statusCode).toBe(400);
      expect(await inboxRow(db(), 'evt_sbx_manual_1')).toBeNull();

      const deliver = () =>
        subject.app.inject({
          method: 'POST',
          url: '/api/webhooks/sandbox',
          headers: event.headers,
          payload: event.body,
        });
      const [one, two] = await Promise.all([deliver(), deliver()]);
      expect([one.json().outcome, two.json().outcome].sort()).toEqual(['duplicate', 'processed']);
      expect((await readPayment(db(), payment.id)).state).toBe('paid');
      expect((await timeline(db(), request.id)).map((row) => row.to)).toEqual(['queued']);

      const stripeHook = await subject.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: event.headers,
        payload: event.body,
      });
      expect(stripeHook.statusCode).toBe(404);
    });
  });
});

// @ts-check
// The mixed load of a chaos run: customers order (with an Idempotency-Key, retried after a
// crash as a browser would), pay through the sandbox's page or through Stripe (the fake
// Stripe API moves on, and its signed events are delivered late, reordered, duplicated and
// concurrently, and again until acknowledged, as Stripe does), operators work the cases
// (transitions with optimistic versions, questions, refunds), customers answer. Every
// acknowledged write goes into the ledger the checks read afterwards.
import { randomUUID } from 'node:crypto';
import { NoAnswer } from './chaos-client.mjs';
import { validOrder } from './orders.mjs';

/**
 * @typedef {{
 *   orders: Map<string, { id: string, reference: string, statusToken: string, checkoutUrl: string, token: string }>,
 *   transitions: { requestId: string, to: string }[],
 *   replies: { requestId: string, marker: string }[],
 *   refunds: string[],
 *   sandboxActions: { requestId: string, outcome: string }[],
 *   webhooksAcked: Set<string>,
 *   unacknowledged: number,
 * }} Ledger
 * @typedef {{ body: string, headers: Record<string, string>, eventId: string }} Delivery
 */

/** @returns {Ledger} */
export function newLedger() {
  return {
    orders: new Map(),
    transitions: [],
    replies: [],
    refunds: [],
    sandboxActions: [],
    webhooksAcked: new Set(),
    unacknowledged: 0,
  };
}

const pick = (/** @type {readonly any[]} */ list) => list[Math.floor(Math.random() * list.length)];
const chance = (/** @type {number} */ p) => Math.random() < p;
const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{
 *   client: ReturnType<typeof import('./chaos-client.mjs').chaosClient>,
 *   provider: 'sandbox' | 'stripe',
 *   fake: import('../../apps/server/src/test/fake-stripe-api').FakeStripeApi | null,
 *   publicUrl: string,
 *   customers: { idToken: string }[],
 *   operator: { idToken: string },
 *   ledger: Ledger,
 * }} deps
 */
export function chaosWorkload({ client, provider, fake, publicUrl, customers, operator, ledger }) {
  /** Stripe keeps sending an event until it is acknowledged. @type {Map<string, Delivery>} */
  const undelivered = new Map();

  /** @param {Delivery} delivery */
  async function deliver(delivery) {
    try {
      const { status } = await client.call('POST', '/api/webhooks/stripe', {
        rawBody: delivery.body,
        // Stripe signs every try anew (the signature carries its time, checked against a
        // tolerance), so a retry an hour later is still genuine.
        headers: fake ? fake.signatureHeaders(delivery.body) : delivery.headers,
      });
      if (status >= 200 && status < 300) {
        ledger.webhooksAcked.add(delivery.eventId);
        undelivered.delete(delivery.eventId);
      } else throw new Error(`webhook ${delivery.eventId} answered ${status}`);
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      undelivered.set(delivery.eventId, delivery);
      ledger.unacknowledged += 1;
    }
  }

  /**
   * Deliveries in a shuffled order, some twice, some together, some after a pause.
   * @param {Delivery[]} events
   */
  async function deliverMessily(events) {
    const copies = events.flatMap((event) => (chance(0.4) ? [event, event] : [event]));
    copies.sort(() => Math.random() - 0.5);
    while (copies.length > 0) {
      const batch = copies.splice(0, chance(0.5) ? 1 + Math.floor(Math.random() * 3) : 1);
      await Promise.all(batch.map((event) => deliver(event)));
      if (chance(0.3)) await pause(Math.random() * 300);
    }
  }

  /** @param {string} sessionId @param {string} type */
  function stripeEvent(sessionId, type) {
    if (!fake) throw new Error('no fake Stripe');
    const event =
      type === 'charge.refunded'
        ? fake.chargeRefundedEvent(sessionId)
        : fake.sessionEvent(type, sessionId);
    return { ...event, eventId: event.eventId };
  }

  /**
   * Orders as the form does: a crash-retried submit sends the same body under the same
   * Idempotency-Key, and must get the same order back, never a second one.
   * @param {string} idempotencyKey @param {string} token
   */
  async function order(idempotencyKey, token) {
    const body = validOrder(
      `chaos-${randomUUID()}@example.test`,
      chance(0.5) ? 'standard' : 'priority',
    );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const { status, json } = await client.call('POST', '/api/requests', {
          token,
          body,
          headers: { 'idempotency-key': idempotencyKey },
        });
        if (status === 200 || status === 201) {
          const known = ledger.orders.get(idempotencyKey);
          if (known && known.id !== json.id)
            throw new Error(`one key, two orders: ${known.id} and ${json.id}`);
          ledger.orders.set(idempotencyKey, { ...json, token });
          return json;
        }
        if (status === 503) return null;
        throw new Error(`POST /api/requests answered ${status}: ${JSON.stringify(json)}`);
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        ledger.unacknowledged += 1;
      }
    }
    return null;
  }

  /**
   * The status page the browser lands on after the checkout (it reads the order's status).
   * @param {{ reference: string, statusToken: string }} created
   */
  async function readStatus(created) {
    const query = new URLSearchParams({ order: created.reference, token: created.statusToken });
    await client.call('GET', `/api/payments/status?${query}`);
  }

  /** @param {{ id: string, checkoutUrl: string, reference: string, statusToken: string }} created */
  async function paySandbox(created) {
    const url = new URL(created.checkoutUrl);
    const outcome = pick(['pay', 'pay', 'pay', 'pay', 'pay-later', 'decline', 'cancel']);
    for (let times = chance(0.3) ? 2 : 1; times > 0; times -= 1) {
      try {
        const { status } = await client.call('POST', `${url.pathname}/${outcome}${url.search}`, {
          headers: {
            origin: new URL(publicUrl).origin,
            'content-type': 'application/x-www-form-urlencoded',
          },
          rawBody: '',
        });
        if (status === 303) {
          ledger.sandboxActions.push({ requestId: created.id, outcome });
          await readStatus(created);
        }
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        ledger.unacknowledged += 1;
      }
    }
  }

  /** @param {{ checkoutUrl: string }} created */
  async function payStripe(created) {
    if (!fake) return;
    const sessionId = created.checkoutUrl.split('/').pop() ?? '';
    const how = pick(['card', 'card', 'card', 'debit-ok', 'debit-fails', 'expire']);
    /** @type {Delivery[]} */
    const events = [];
    if (how === 'expire') {
      fake.expireSession(sessionId);
      events.push(stripeEvent(sessionId, 'checkout.session.expired'));
    } else {
      fake.completeSession(sessionId, how === 'card' ? 'paid' : 'processing');
      events.push(stripeEvent(sessionId, 'checkout.session.completed'));
      if (how !== 'card') {
        fake.settleAsync(sessionId, how === 'debit-ok' ? 'succeeded' : 'failed');
        events.push(
          stripeEvent(
            sessionId,
            `checkout.session.async_payment_${how === 'debit-ok' ? 'succeeded' : 'failed'}`,
          ),
        );
      }
      // A stale pointer: an "expired" that arrives after the payment.
      if (chance(0.2)) events.push(stripeEvent(sessionId, 'checkout.session.expired'));
    }
    await deliverMessily(events);
  }

  /** Stripe tells about refunds the server made; deliver those events messily too. */
  async function announceStripeRefunds() {
    if (!fake) return 0;
    let count = 0;
    for (const session of fake.sessions.values()) {
      if (!session.payment_intent) continue;
      const charge = fake.chargeOfSession(session.id);
      if (charge.amount_refunded === 0 || announced.has(charge.id)) continue;
      announced.add(charge.id);
      count += 1;
      await deliverMessily([stripeEvent(session.id, 'charge.refunded')]);
    }
    return count;
  }
  const announced = new Set();

  /** @param {string} requestId */
  async function readCase(requestId) {
    const { status, json } = await client.call('GET', `/api/admin/requests/${requestId}`, {
      token: operator.idToken,
    });
    return status === 200 ? json : null;
  }

  /** @param {string} requestId @param {string} to @param {number} version */
  async function move(requestId, to, version) {
    // "Appeal submitted" needs an appeal (decision 021): record one through the web form,
    // which moves the case there in the same transaction.
    if (to === 'appeal_submitted') return recordAppeal(requestId, version);
    const body = { to, expectedVersion: version, internalNote: `chaos ${to}` };
    if (to === 'needs_info') Object.assign(body, { messageToCustomer: 'Which phone did you use?' });
    const { status } = await client.call('POST', `/api/admin/requests/${requestId}/transitions`, {
      token: operator.idToken,
      body,
    });
    if (status === 200) ledger.transitions.push({ requestId, to });
    return status === 200;
  }

  /** @param {string} requestId @param {number} version */
  async function recordAppeal(requestId, version) {
    const bench = await client.call('GET', `/api/admin/requests/${requestId}/appeals`, {
      token: operator.idToken,
    });
    const channel = bench.json?.channels?.find(
      (/** @type {{ kind: string }} */ c) => c.kind === 'web-form',
    );
    if (bench.status !== 200 || !channel) return false;
    const { status } = await client.call('POST', `/api/admin/requests/${requestId}/appeals`, {
      token: operator.idToken,
      body: {
        channelIndex: channel.index,
        kind: 'appeal',
        delivery: 'recorded',
        subject: channel.drafts.appeal.subject,
        body: channel.drafts.appeal.body,
        expectedVersion: version,
      },
    });
    if (status === 200) ledger.transitions.push({ requestId, to: 'appeal_submitted' });
    return status === 200;
  }

  /** An operator works one case for a few steps along the case graph. @param {{ id: string, token: string }} created */
  async function work(created) {
    for (let step = 0; step < 6; step += 1) {
      const current = await readCase(created.id);
      if (!current) return;
      const state = current.caseState;
      if (state === 'needs_info') {
        const marker = randomUUID();
        const { status } = await client.call('POST', `/api/requests/${created.id}/replies`, {
          token: created.token,
          body: { message: `It is my number, reply ${marker}` },
        });
        if (status === 200 || status === 201)
          ledger.replies.push({ requestId: created.id, marker });
        continue;
      }
      if (state === 'in_review' && chance(0.15)) {
        const { status } = await client.call('POST', `/api/admin/requests/${created.id}/refund`, {
          token: operator.idToken,
          body: { reason: 'chaos refund', confirm: true },
        });
        if (status === 200) ledger.refunds.push(created.id);
        return;
      }
      const next = /** @type {string[]} */ (current.allowedNextStates).filter(
        (s) => s !== 'canceled' || chance(0.2),
      );
      if (next.length === 0) return;
      await move(created.id, pick(next), current.version);
    }
  }

  /** One customer's journey from order to a worked case. */
  async function journey() {
    const customer = pick(customers);
    const created = await order(randomUUID(), customer.idToken);
    if (!created) return;
    const created2 = { ...created, token: customer.idToken };
    if (chance(0.1)) return; // never pays
    if (provider === 'sandbox') await paySandbox(created2);
    else await payStripe(created2);
    if (chance(0.8)) await work(created2);
    if (provider === 'stripe') await announceStripeRefunds();
  }

  return {
    journey,
    /** Stripe's retries: every event not yet acknowledged, until it is. */
    async redeliverAll() {
      await announceStripeRefunds();
      for (let round = 0; round < 20 && undelivered.size > 0; round += 1)
        for (const delivery of [...undelivered.values()]) await deliver(delivery);
      return undelivered.size;
    },
    announceStripeRefunds,
    /** Every customer looks at their order's status page once more. */
    async readAllStatuses() {
      for (const created of ledger.orders.values()) await readStatus(created);
    },
  };
}

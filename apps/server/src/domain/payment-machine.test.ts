import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentStates, type PaymentState } from '@unban/contract/payment-states';
import {
  applyPaymentEvent,
  canRequestRefund,
  canRetryPayment,
  foldPaymentEvents,
  isExpectedPaymentMove,
  joinPaymentStates,
  paymentEvents,
  paymentStateRank,
  type PaymentEvent,
} from './payment-machine';

describe('applyPaymentEvent from a fresh attempt', () => {
  const cases: ReadonlyArray<readonly [PaymentEvent, PaymentState]> = [
    ['checkout_completed_paid', 'paid'],
    ['checkout_completed_unpaid', 'processing'],
    ['async_payment_succeeded', 'paid'],
    ['async_payment_failed', 'failed'],
    ['checkout_expired', 'expired'],
    ['refund_requested', 'refund_pending'],
    ['charge_refunded', 'refunded'],
  ];
  it.each(cases)('%s → %s', (event, expected) => {
    expect(applyPaymentEvent('unpaid', event)).toBe(expected);
  });

  it('has a case for every event', () => {
    expect(cases.map(([event]) => event).sort()).toEqual([...paymentEvents].sort());
  });
});

describe('applyPaymentEvent on later or contradictory facts', () => {
  const cases: ReadonlyArray<readonly [PaymentState, PaymentEvent, PaymentState, string]> = [
    ['processing', 'async_payment_succeeded', 'paid', 'a bank debit settles'],
    ['processing', 'async_payment_failed', 'failed', 'a bank debit bounces'],
    ['paid', 'refund_requested', 'refund_pending', 'we issue a refund'],
    ['refund_pending', 'charge_refunded', 'refunded', 'the provider confirms the refund'],
    ['paid', 'charge_refunded', 'refunded', 'a refund made in the provider dashboard'],
    ['paid', 'checkout_completed_unpaid', 'paid', 'a late "pending" does not undo a payment'],
    ['paid', 'async_payment_failed', 'paid', 'a failure report never hides money held'],
    ['paid', 'checkout_expired', 'paid', 'an expiry never hides money held'],
    ['failed', 'async_payment_succeeded', 'paid', 'proof of payment beats a failure'],
    ['expired', 'checkout_completed_paid', 'paid', 'proof of payment beats an expiry'],
    ['expired', 'checkout_completed_unpaid', 'processing', 'a submitted payment may still settle'],
    ['processing', 'checkout_expired', 'processing', 'no "pay again" while money may arrive'],
    ['refund_pending', 'checkout_completed_paid', 'refund_pending', 'a late payment event'],
    ['refunded', 'checkout_completed_paid', 'refunded', 'a confirmed refund ends the attempt'],
    ['refunded', 'refund_requested', 'refunded', 'a refund request after its confirmation'],
    ['paid', 'checkout_completed_paid', 'paid', 'a duplicate'],
  ];
  it.each(cases)('%s + %s → %s (%s)', (state, event, expected) => {
    expect(applyPaymentEvent(state, event)).toBe(expected);
  });
});

describe('joinPaymentStates', () => {
  it('ranks every state differently, so the order is total', () => {
    const ranks = paymentStates.map((state) => paymentStateRank[state]);
    expect(new Set(ranks).size).toBe(paymentStates.length);
  });

  it('is commutative, associative and idempotent (checked on every combination)', () => {
    for (const a of paymentStates) {
      expect(joinPaymentStates(a, a)).toBe(a);
      for (const b of paymentStates) {
        expect(joinPaymentStates(a, b)).toBe(joinPaymentStates(b, a));
        for (const c of paymentStates) {
          expect(joinPaymentStates(joinPaymentStates(a, b), c)).toBe(
            joinPaymentStates(a, joinPaymentStates(b, c)),
          );
        }
      }
    }
  });

  it('has unpaid as bottom and refunded as top', () => {
    for (const s of paymentStates) {
      expect(joinPaymentStates('unpaid', s)).toBe(s);
      expect(joinPaymentStates('refunded', s)).toBe('refunded');
    }
  });
});

/**
 * Histories a provider can really produce for one attempt, each with the state it must end
 * in, written by hand from the provider's behaviour (not computed by the machine).
 */
interface History {
  events: PaymentEvent[];
  expected: PaymentState;
}

const refundTail = fc.constantFrom<History>(
  { events: [], expected: 'paid' },
  { events: ['refund_requested'], expected: 'refund_pending' },
  { events: ['refund_requested', 'charge_refunded'], expected: 'refunded' },
  { events: ['charge_refunded'], expected: 'refunded' }, // refunded in the dashboard
);

const paidOpening = fc.constantFrom<PaymentEvent[]>(
  ['checkout_completed_paid'],
  ['checkout_completed_unpaid', 'async_payment_succeeded'],
);

const validHistory: fc.Arbitrary<History> = fc.oneof(
  fc.constant<History>({ events: [], expected: 'unpaid' }),
  fc.constant<History>({ events: ['checkout_expired'], expected: 'expired' }),
  fc.constant<History>({ events: ['checkout_completed_unpaid'], expected: 'processing' }),
  fc.constant<History>({
    events: ['checkout_completed_unpaid', 'async_payment_failed'],
    expected: 'failed',
  }),
  // The sandbox's "decline" reports a failure without a pending step.
  fc.constant<History>({ events: ['async_payment_failed'], expected: 'failed' }),
  fc
    .tuple(paidOpening, refundTail)
    .map(([opening, tail]) => ({ events: [...opening, ...tail.events], expected: tail.expected })),
);

/** The history's events delivered with duplicates, in any order, split into now and later. */
const deliveryOf = (history: History) => {
  const n = history.events.length;
  const extra =
    n === 0
      ? fc.constant<PaymentEvent[]>([])
      : fc
          .array(fc.nat({ max: n - 1 }), { maxLength: 3 * n })
          .map((indexes) => indexes.map((i) => history.events[i] as PaymentEvent));
  return extra.chain((duplicates) => {
    const all = [...history.events, ...duplicates];
    return fc
      .tuple(
        fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }),
        fc.nat({ max: all.length }),
      )
      .map(([order, split]) => ({ now: order.slice(0, split), later: order.slice(split) }));
  });
};

const scenario = validHistory.chain((history) =>
  deliveryOf(history).map((delivery) => ({ history, delivery })),
);

describe('payment fold under real-world delivery', () => {
  it('ends in-order delivery of every valid history in its expected state', () => {
    fc.assert(
      fc.property(validHistory, ({ events, expected }) => {
        expect(foldPaymentEvents(events)).toBe(expected);
      }),
    );
  });

  it('converges to the in-order state whatever the order, duplicates and delays', () => {
    fc.assert(
      fc.property(scenario, ({ history, delivery }) => {
        const inOrder = foldPaymentEvents(history.events);
        // First a subset arrives (the rest is delayed); it must look like in-order delivery
        // of just that subset, so a page refresh in between never shows something odd.
        const early = foldPaymentEvents(delivery.now);
        const seenEarly = new Set(delivery.now);
        expect(early).toBe(foldPaymentEvents(history.events.filter((e) => seenEarly.has(e))));
        // Then the delayed events arrive.
        expect(foldPaymentEvents(delivery.later, early)).toBe(inOrder);
        expect(foldPaymentEvents([...delivery.now, ...delivery.later])).toBe(history.expected);
      }),
      { numRuns: 500 },
    );
  });

  it('never moves down and never looks like a contradiction for a valid history', () => {
    fc.assert(
      fc.property(scenario, ({ delivery }) => {
        let state: PaymentState = 'unpaid';
        for (const event of [...delivery.now, ...delivery.later]) {
          const next = applyPaymentEvent(state, event);
          expect(paymentStateRank[next]).toBeGreaterThanOrEqual(paymentStateRank[state]);
          if (next !== state) expect(isExpectedPaymentMove(state, next)).toBe(true);
          state = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('depends only on the set of events, even for histories no provider would send', () => {
    const anyEvents = fc.array(fc.constantFrom(...paymentEvents), { maxLength: 12 });
    fc.assert(
      fc.property(
        anyEvents.chain((events) =>
          fc.tuple(
            fc.constant(events),
            fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
          ),
        ),
        ([events, shuffled]) => {
          const inOrder = foldPaymentEvents(events);
          expect(foldPaymentEvents(shuffled)).toBe(inOrder);
          expect(foldPaymentEvents([...events, ...shuffled])).toBe(inOrder);
          expect(foldPaymentEvents([...new Set(events)])).toBe(inOrder);
        },
      ),
    );
  });
});

describe('contradiction detection', () => {
  it('flags moves a provider cannot make in order', () => {
    expect(isExpectedPaymentMove('processing', 'paid')).toBe(true);
    expect(isExpectedPaymentMove('unpaid', 'refunded')).toBe(true);
    expect(isExpectedPaymentMove('failed', 'paid')).toBe(false);
    expect(isExpectedPaymentMove('expired', 'processing')).toBe(false);
    expect(isExpectedPaymentMove('refunded', 'paid')).toBe(false);
  });
});

describe('refund and retry rules', () => {
  it('requests a refund only for a paid attempt', () => {
    expect(paymentStates.filter(canRequestRefund)).toEqual(['paid']);
  });

  it('offers a retry (a new attempt) only after a failure or an expiry', () => {
    expect(paymentStates.filter(canRetryPayment).sort()).toEqual(['expired', 'failed']);
  });
});

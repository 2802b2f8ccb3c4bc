import type { PaymentState } from '@unban/contract/payment-states';

/**
 * Facts about one payment attempt, as the provider (or our own refund call) reports them.
 * The payments adapter maps provider events onto these:
 * - Stripe `checkout.session.completed` with payment_status `paid` (or `no_payment_required`)
 *   → checkout_completed_paid; with `unpaid` (a delayed method such as a bank debit) →
 *   checkout_completed_unpaid;
 * - `checkout.session.async_payment_succeeded` / `_failed` → async_payment_succeeded / _failed;
 * - `checkout.session.expired` → checkout_expired;
 * - `charge.refunded` only once the whole amount is refunded (amount_refunded === amount) →
 *   charge_refunded; a partial refund is not a state of this machine;
 * - refund_requested is recorded by the server when it creates the refund, before the
 *   provider confirms it.
 */
export const paymentEvents = [
  'checkout_completed_paid',
  'checkout_completed_unpaid',
  'async_payment_succeeded',
  'async_payment_failed',
  'checkout_expired',
  'refund_requested',
  'charge_refunded',
] as const;
export type PaymentEvent = (typeof paymentEvents)[number];

/** The state each fact proves the attempt has reached (at least). */
const evidence: Readonly<Record<PaymentEvent, PaymentState>> = {
  checkout_completed_paid: 'paid',
  checkout_completed_unpaid: 'processing',
  async_payment_succeeded: 'paid',
  async_payment_failed: 'failed',
  checkout_expired: 'expired',
  refund_requested: 'refund_pending',
  charge_refunded: 'refunded',
};

export function paymentStateProvedBy(event: PaymentEvent): PaymentState {
  return evidence[event];
}

/**
 * A total order on payment states; the state of an attempt is the highest state any fact
 * seen so far proves:
 *
 *   unpaid < expired < processing < failed < paid < refund_pending < refunded
 *
 * Why this order:
 * - Everything beats `unpaid`, the state before any fact.
 * - Money beats its absence: `paid` (and what follows it) outranks `failed`, `expired` and
 *   `processing`, so a late or contradictory "failed"/"expired" can never hide money we
 *   hold, and a payment confirmed after a failure report is still seen and refunded or used.
 * - `processing` outranks `expired`: a submitted payment may still settle, and telling the
 *   customer "expired, pay again" while it might would invite a double charge. (Stripe only
 *   expires open sessions, so the two should never both occur; the order only decides what
 *   a contradiction looks like.)
 * - `failed` outranks `processing`, which it ends.
 * - `refund_pending` and `refunded` come after `paid`, which they follow; `refunded` is top
 *   because a confirmed full refund ends the attempt whatever else arrives.
 *
 * Why folding is order-free: `join` is max over this total order. Max is commutative
 * (max(a,b) = max(b,a)), associative (max(max(a,b),c) = max(a,max(b,c))) and idempotent
 * (max(a,a) = a), so (states, join) is a join-semilattice with `unpaid` as bottom. Applying
 * an event is `join(state, proved(event))`, hence folding any sequence of events from
 * `unpaid` gives join{proved(e) | e in the sequence}: it depends only on the SET of events
 * seen. Duplicates (idempotence), reordering (commutativity, associativity) and delays (a
 * late event joins into whatever came before) all end in the state of in-order delivery, and
 * the state never moves down, so nothing once shown is taken back except by stronger proof.
 *
 * The cost, accepted on purpose: `failed` and `expired` are final for the customer (a retry
 * opens a new attempt, see `canRetryPayment`) but still yield to later proof of payment.
 */
export const paymentStateRank: Readonly<Record<PaymentState, number>> = {
  unpaid: 0,
  expired: 1,
  processing: 2,
  failed: 3,
  paid: 4,
  refund_pending: 5,
  refunded: 6,
};

export function joinPaymentStates(a: PaymentState, b: PaymentState): PaymentState {
  return paymentStateRank[a] >= paymentStateRank[b] ? a : b;
}

export function applyPaymentEvent(state: PaymentState, event: PaymentEvent): PaymentState {
  return joinPaymentStates(state, paymentStateProvedBy(event));
}

export function foldPaymentEvents(
  events: Iterable<PaymentEvent>,
  initial: PaymentState = 'unpaid',
): PaymentState {
  let state = initial;
  for (const event of events) state = applyPaymentEvent(state, event);
  return state;
}

/**
 * Moves a provider makes when it reports in order. A change outside this list (e.g.
 * failed → paid) is legal for the fold but means the provider contradicted itself, and the
 * server should log it for an operator to look at.
 */
const expectedMoves: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  unpaid: ['processing', 'paid', 'failed', 'expired', 'refund_pending', 'refunded'],
  processing: ['paid', 'failed', 'refund_pending', 'refunded'],
  paid: ['refund_pending', 'refunded'],
  refund_pending: ['refunded'],
  refunded: [],
  failed: [],
  expired: [],
};

/** True when `from → to` is a move (or a skip over missed events) a provider can produce. */
export function isExpectedPaymentMove(from: PaymentState, to: PaymentState): boolean {
  return expectedMoves[from].includes(to);
}

/**
 * A refund can only be requested for money held: `processing` has to settle first (the
 * follow-up rules request it once the attempt is `paid`), and a pending refund is not
 * requested twice.
 */
export function canRequestRefund(state: PaymentState): boolean {
  return state === 'paid';
}

/**
 * A failed or expired attempt stays as it is, a record of that checkout; "try again"
 * creates a new attempt in `unpaid`. Reusing the old one would mix two checkouts' events
 * in one fold, and a late event of the first could then overwrite the second.
 */
export function canRetryPayment(state: PaymentState): boolean {
  return state === 'failed' || state === 'expired';
}

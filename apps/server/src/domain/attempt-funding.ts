import type { PaymentState } from '@unban/contract/payment-states';

/** One checkout attempt of a request, as far as funding is concerned. */
export interface Attempt {
  id: string;
  createdAt: Date;
  state: PaymentState;
}

/** States in which an attempt has taken the customer's money (even if it gives it back). */
const fundingStates: readonly PaymentState[] = ['paid', 'refund_pending', 'refunded'];

function holdsMoney(attempt: Attempt): boolean {
  return fundingStates.includes(attempt.state);
}

function olderFirst(a: Attempt, b: Attempt): number {
  const byTime = a.createdAt.getTime() - b.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The attempt that pays for the case: the OLDEST one that took money. Choosing by age
 * rather than by which confirmation arrived first makes the answer a function of the
 * current states alone, so two attempts paid at once (two tabs) settle the same way in
 * any delivery order: the older one funds the case and the younger one is refunded.
 */
export function fundingAttempt(attempts: readonly Attempt[]): Attempt | null {
  return [...attempts].sort(olderFirst).find(holdsMoney) ?? null;
}

/** For payment-follow-up: the case is funded by an attempt other than this one. */
export function isFundedByAnotherAttempt(attempt: Attempt, attempts: readonly Attempt[]): boolean {
  const funder = fundingAttempt(attempts);
  return funder !== null && funder.id !== attempt.id;
}

/**
 * `requests.payment_state`, what the customer's screens show: the funding attempt's state
 * once one took money (a later duplicate refunded on the side does not change what the
 * customer paid for), otherwise the newest attempt's (a retry after a failure shows the
 * retry).
 */
export function requestPaymentState(attempts: readonly Attempt[]): PaymentState {
  const funder = fundingAttempt(attempts);
  if (funder) return funder.state;
  const newest = [...attempts].sort(olderFirst).at(-1);
  return newest?.state ?? 'unpaid';
}

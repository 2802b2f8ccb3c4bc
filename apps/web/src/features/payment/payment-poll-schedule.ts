import { isFinalCaseState } from '@unban/contract/case-states';
import { isFinalPaymentState } from '@unban/contract/payment-states';
import type { PaymentStatusResponse } from '@unban/contract/requests';

/** Quick checks while a customer has just come back from the checkout, when a change is likely. */
const EAGER_INTERVAL = 2_000;
const EAGER_PERIOD = 30_000;
const STEADY_INTERVAL = 5_000;
const STEADY_PERIOD = 120_000;
const SLOW_INTERVAL = 10_000;
/**
 * Once paid, only the case (an operator's work, hours apart) or a refund can still change:
 * there is no point asking every few seconds.
 */
const SETTLED_INTERVAL = 30_000;

/**
 * Milliseconds until the payment-status screen asks again, or null once nothing more can
 * change: the attempt has failed, expired or been refunded, or the case was unbanned (no refund
 * can follow then).
 */
export function paymentPollDelay(status: PaymentStatusResponse, sinceStart: number): number | null {
  const { paymentState, caseState } = status;
  if (isFinalPaymentState(paymentState)) return null;
  if (paymentState === 'paid' && isFinalCaseState(caseState) && caseState !== 'refunded') {
    return null;
  }
  if (paymentState === 'paid' || paymentState === 'refund_pending') return SETTLED_INTERVAL;
  if (sinceStart < EAGER_PERIOD) return EAGER_INTERVAL;
  if (sinceStart < STEADY_PERIOD) return STEADY_INTERVAL;
  return SLOW_INTERVAL;
}

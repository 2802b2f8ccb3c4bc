import type { CaseState } from '@unban/contract/case-states';
import type { PaymentState } from '@unban/contract/payment-states';
import { requiresAutomaticRefund } from './case-machine';

export type RefundReason =
  /** The case ended denied or not eligible: the full-refund guarantee. */
  | 'guarantee'
  /** Money arrived for a request that was canceled before the payment settled. */
  | 'case_canceled'
  /** The case is already paid by another attempt (e.g. the customer paid in two tabs). */
  | 'duplicate_payment';

export type PaymentFollowUp =
  | { kind: 'none' }
  /** Move the case with actor `system`; the move is always an edge of case-machine.ts. */
  | { kind: 'move_case'; to: CaseState }
  /** Create a full refund of this attempt (idempotently, keyed by the attempt). */
  | { kind: 'refund_payment'; reason: RefundReason };

export interface PaymentFollowUpInput {
  caseState: CaseState;
  /** The attempt's state after folding the latest event. */
  paymentState: PaymentState;
  /** The case was already funded by a different attempt than this one. */
  caseFundedByAnotherAttempt: boolean;
}

const none: PaymentFollowUp = { kind: 'none' };

/**
 * What the server does to the case after a payment attempt's state changed. The case graph
 * is not a join like the payment fold, so convergence there comes from this being a pure
 * function of the two current states: the server calls it after every payment event and
 * after every case move, and applies the answer until it says `none`. Each answer either
 * moves the case along a system edge or requests a refund, which moves the payment out of
 * `paid`, so the loop ends in at most two steps.
 */
export function followUpForPayment(input: PaymentFollowUpInput): PaymentFollowUp {
  const { caseState, paymentState, caseFundedByAnotherAttempt } = input;

  if (paymentState === 'paid') {
    if (caseFundedByAnotherAttempt) return { kind: 'refund_payment', reason: 'duplicate_payment' };
    if (caseState === 'awaiting_payment') return { kind: 'move_case', to: 'queued' };
    if (caseState === 'canceled') return { kind: 'refund_payment', reason: 'case_canceled' };
    // The usual path of the guarantee: an operator has just decided the case.
    if (requiresAutomaticRefund(caseState)) return { kind: 'refund_payment', reason: 'guarantee' };
    return none;
  }

  if (paymentState === 'refunded' && !caseFundedByAnotherAttempt) {
    if (requiresAutomaticRefund(caseState)) return { kind: 'move_case', to: 'refunded' };
    // Paid and fully refunded before the case ever started (the confirmation arrived after
    // the refund, or the refund was made in the provider's dashboard): no money is kept and
    // no work was done, so the request is closed rather than queued.
    if (caseState === 'awaiting_payment') return { kind: 'move_case', to: 'canceled' };
  }

  return none;
}

import type { CaseState } from '@unban/contract/case-states';
import type { PaymentState } from '@unban/contract/payment-states';
import type { StatusTone } from './status-badge';

/** How each payment state is set apart on the payment-status screen, the list and the case page. */
export const paymentStateTone: Readonly<Record<PaymentState, StatusTone>> = {
  unpaid: 'neutral',
  processing: 'progress',
  paid: 'success',
  refund_pending: 'progress',
  refunded: 'neutral',
  failed: 'problem',
  expired: 'attention',
};

export const caseStateTone: Readonly<Record<CaseState, StatusTone>> = {
  awaiting_payment: 'neutral',
  queued: 'progress',
  in_review: 'progress',
  needs_info: 'attention',
  appeal_submitted: 'progress',
  unbanned: 'success',
  denied: 'problem',
  not_eligible: 'problem',
  refunded: 'neutral',
  canceled: 'neutral',
};

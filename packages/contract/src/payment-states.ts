/**
 * States of one payment attempt (one checkout). How provider events move them is the
 * server's business (apps/server/src/domain/payment-machine.ts); this file holds what both
 * sides need to name and explain a state on the payment-status screen.
 *
 * A failed or expired attempt is never revived by the customer: "try again" starts a new
 * attempt in `unpaid`, so an attempt's history stays a true record of one checkout.
 */
export const paymentStates = [
  'unpaid',
  'processing',
  'paid',
  'refund_pending',
  'refunded',
  'failed',
  'expired',
] as const;
// The zod schema is in state-schemas.ts: screens that only name states load no zod.
export type PaymentState = (typeof paymentStates)[number];

export interface PaymentStateInfo {
  label: string;
  meaning: string;
  next: string;
  /** How long this state usually lasts; null when it is up to the customer or nothing follows. */
  usualWait: string | null;
  /** This attempt will not change any more (for the customer; see payment-machine.ts). */
  final: boolean;
  /** Offer "try again" (which starts a new attempt). */
  canRetry: boolean;
}

export const paymentStateInfo: Readonly<Record<PaymentState, PaymentStateInfo>> = {
  unpaid: {
    label: 'Not paid yet',
    meaning: 'The checkout has been opened but no payment has been made.',
    next: 'Finish the checkout to pay; your case starts as soon as the payment is confirmed.',
    usualWait: null,
    final: false,
    canRetry: false,
  },
  processing: {
    label: 'Processing',
    meaning: 'Your payment was submitted and your bank is confirming it.',
    next: 'Nothing to do: this page updates by itself and we e-mail you once it is confirmed.',
    // Cards confirm in seconds; bank debits (e.g. US bank accounts) take days.
    usualWait: 'a few minutes; bank debits can take up to 4 business days',
    final: false,
    canRetry: false,
  },
  paid: {
    label: 'Paid',
    meaning: 'Your payment is confirmed. Thank you.',
    next: 'Your case is in the queue; an operator will pick it up.',
    usualWait: null,
    final: false,
    canRetry: false,
  },
  refund_pending: {
    label: 'Refund in progress',
    meaning: 'We have issued a full refund of your payment.',
    next: 'Your bank returns the money to the card or account you paid with.',
    usualWait: '5–10 business days to appear on your statement',
    final: false,
    canRetry: false,
  },
  refunded: {
    label: 'Refunded',
    meaning: 'Your payment has been refunded in full.',
    next: 'Nothing more to do.',
    usualWait: null,
    final: true,
    canRetry: false,
  },
  failed: {
    label: 'Payment failed',
    meaning: 'The payment did not go through and you have not been charged.',
    next: 'You can try again with the same or another payment method.',
    usualWait: null,
    final: true,
    canRetry: true,
  },
  expired: {
    label: 'Checkout expired',
    meaning: 'The checkout was closed or timed out before a payment was made.',
    next: 'You can start a new checkout whenever you are ready.',
    usualWait: null,
    final: true,
    canRetry: true,
  },
};

export const finalPaymentStates: readonly PaymentState[] = paymentStates.filter(
  (state) => paymentStateInfo[state].final,
);

export function isFinalPaymentState(state: PaymentState): boolean {
  return paymentStateInfo[state].final;
}

import type { CheckoutRedirectStatus } from '../../../lib/use-checkout-redirect';
import { useCheckoutRedirect } from '../../../lib/use-checkout-redirect';
import type { PaymentStatusQuery } from './payment-status-query';

export interface RetryPaymentFlow {
  /** Starts a new checkout and leaves for it; rejects with the ApiError when it cannot. */
  retry: () => Promise<void>;
  status: CheckoutRedirectStatus;
}

export function useRetryPayment(query: PaymentStatusQuery): RetryPaymentFlow {
  const { leaveForCheckout, status } = useCheckoutRedirect();
  const { order, token } = query;
  return {
    retry: () =>
      leaveForCheckout(async () => {
        const { retryPaymentWithToken } = await import('./retry-payment-request');
        return (await retryPaymentWithToken({ order, token })).checkoutUrl;
      }),
    status,
  };
}

import type { RetryPaymentResponse } from '@unban/contract/requests';
import { retryPaymentResponseSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import type { CheckoutRedirectStatus } from '../../../lib/checkout/use-checkout-redirect';
import { useCheckoutRedirect } from '../../../lib/checkout/use-checkout-redirect';
import type { PaymentStatusQuery } from './get-payment-status';
import { ownerTokenUnless } from './get-payment-status';

/**
 * `POST /api/requests/:id/retry-payment?token=…` with the payment-status link's own reference
 * and token (the link carries no request id; the endpoint takes the reference in its place).
 * Answers 409 when the payment can no longer be retried.
 */
export async function retryPaymentWithToken(
  { order, token }: PaymentStatusQuery,
  signal?: AbortSignal,
): Promise<RetryPaymentResponse> {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : '';
  return apiFetch(`/api/requests/${encodeURIComponent(order)}/retry-payment${query}`, {
    method: 'POST',
    schema: retryPaymentResponseSchema,
    token: await ownerTokenUnless(token),
    signal,
  });
}

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
      leaveForCheckout(async () => (await retryPaymentWithToken({ order, token })).checkoutUrl),
    status,
  };
}

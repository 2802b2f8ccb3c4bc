import type { RetryPaymentResponse } from '@unban/contract/requests';
import { retryPaymentResponseSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import type { CheckoutRedirectStatus } from '../../../lib/checkout/use-checkout-redirect';
import { useCheckoutRedirect } from '../../../lib/checkout/use-checkout-redirect';
import { requestPath } from './get-request';

/**
 * `POST /api/requests/:id/retry-payment` as the request's owner (the case page has no
 * payment-status token). Answers 409 when the payment cannot be started again.
 */
export async function retryPaymentAsOwner(
  id: string,
  signal?: AbortSignal,
): Promise<RetryPaymentResponse> {
  const { getIdToken } = await import('../../../lib/auth/auth');
  return apiFetch(`${requestPath(id)}/retry-payment`, {
    method: 'POST',
    schema: retryPaymentResponseSchema,
    token: await getIdToken(),
    signal,
  });
}

export interface OwnerRetryPaymentFlow {
  /** Starts a new checkout and leaves for it; rejects with the ApiError when it cannot. */
  retry: () => Promise<void>;
  status: CheckoutRedirectStatus;
}

export function useOwnerRetryPayment(id: string): OwnerRetryPaymentFlow {
  const { leaveForCheckout, status } = useCheckoutRedirect();
  return {
    retry: () => leaveForCheckout(async () => (await retryPaymentAsOwner(id)).checkoutUrl),
    status,
  };
}

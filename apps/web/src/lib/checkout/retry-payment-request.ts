import type { RetryPaymentResponse } from '@unban/contract/requests';
import { retryPaymentResponseSchema } from '@unban/contract/requests';
import { apiFetch } from '../api/api-client';
import { ownerTokenUnless } from '../auth/owner-token';

/**
 * `POST /api/requests/:id/retry-payment`. `request` is the request's id or its reference (the
 * payment-status link carries only the reference). With the link's `statusToken` the holder of
 * the link asks; without one, the signed-in owner. Answers 409 when the payment can no longer
 * be started.
 */
export async function retryPayment(
  request: string,
  statusToken: string | null,
  signal?: AbortSignal,
): Promise<RetryPaymentResponse> {
  const query = statusToken ? `?${new URLSearchParams({ token: statusToken }).toString()}` : '';
  return apiFetch(`/api/requests/${encodeURIComponent(request)}/retry-payment${query}`, {
    method: 'POST',
    schema: retryPaymentResponseSchema,
    token: await ownerTokenUnless(statusToken),
    signal,
  });
}

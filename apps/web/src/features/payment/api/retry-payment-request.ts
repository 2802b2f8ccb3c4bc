import type { RetryPaymentResponse } from '@unban/contract/requests';
import { retryPaymentResponseSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api-client';
import type { PaymentStatusQuery } from './payment-status-query';
import { ownerTokenUnless } from './get-payment-status';

/**
 * `POST /api/requests/:id/retry-payment?token=…` with the payment-status link's own reference
 * and token (the link carries no request id; the endpoint takes the reference in its place).
 * Answers 409 when the payment can no longer be retried. Its own chunk, loaded on "Try again":
 * it validates with the contract's schemas, which the status screen itself does without.
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

import type { PaymentStatusResponse } from '@unban/contract/requests';
import { paymentStatusResponseSchema } from '@unban/contract/requests';
import { apiFetch, isPermanentApiError } from '../../../lib/api/api-client';
import { ownerTokenUnless } from '../../../lib/auth/owner-token';
import type { Resource } from '../../../lib/resource/use-resource';
import { backoffDelay, useResource } from '../../../lib/resource/use-resource';
import { paymentPollDelay } from '../payment-poll-schedule';

/**
 * What the payment-status link carries: the case reference and its private token. A link
 * without a token (the owner retried from the case page) is read with the owner's sign-in.
 */
export interface PaymentStatusQuery {
  order: string;
  token: string | null;
}

export function paymentStatusPath({ order, token }: PaymentStatusQuery): string {
  const query = new URLSearchParams({ order });
  if (token) query.set('token', token);
  return `/api/payments/status?${query.toString()}`;
}

/** `GET /api/payments/status?order=…&token=…`: public with the token, else the owner's. */
export async function fetchPaymentStatus(
  query: PaymentStatusQuery,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  return apiFetch(paymentStatusPath(query), {
    schema: paymentStatusResponseSchema,
    token: await ownerTokenUnless(query.token),
    signal,
  });
}

/**
 * The server will never find this link: no such order, or a token that does not match (the
 * server may answer 400, 403 or 404 for those). Asking again cannot help. Rate limiting and
 * timeouts are not that.
 */
export function isUnknownPaymentError(error: unknown): boolean {
  return isPermanentApiError(error);
}

/** The payment's status, kept fresh while anything can still change (see payment-poll-schedule). */
export function usePaymentStatus(
  query: PaymentStatusQuery | null,
): Resource<PaymentStatusResponse> {
  return useResource({
    key: query ? `${query.order}\n${query.token ?? ''}` : null,
    load: (signal) => {
      // The key is only set when there is a query.
      if (!query) return Promise.reject(new Error('No payment to load'));
      return fetchPaymentStatus(query, signal);
    },
    nextDelay: paymentPollDelay,
    retryDelay: (error, failures) => (isUnknownPaymentError(error) ? null : backoffDelay(failures)),
    keepDataOnError: true,
  });
}

import type { PaymentStatusResponse } from '@unban/contract/requests';
import { paymentStatusResponseSchema } from '@unban/contract/requests';
import { ApiError, apiFetch } from '../../../lib/api-client';
import type { PolledResource } from '../../../lib/use-polled-resource';
import { backoffDelay, usePolledResource } from '../../../lib/use-polled-resource';
import { paymentPollDelay } from '../payment-poll-schedule';
import type { PaymentStatusQuery } from './payment-status-query';
import { paymentStatusPath } from './payment-status-path';

export type { PaymentStatusQuery } from './payment-status-query';
export { paymentStatusPath } from './payment-status-path';

/** The owner's ID token, only when the link has no status token of its own. */
export async function ownerTokenUnless(statusToken: string | null): Promise<string | null> {
  if (statusToken) return null;
  // Loaded here, not at the top: the payment screen should not pull in Firebase for a link
  // that carries its own token.
  const { getIdToken } = await import('../../../lib/auth');
  return getIdToken();
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
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** The payment's status, kept fresh while anything can still change (see payment-poll-schedule). */
export function usePaymentStatus(
  query: PaymentStatusQuery | null,
): PolledResource<PaymentStatusResponse> {
  return usePolledResource({
    key: query ? `${query.order}\n${query.token ?? ''}` : null,
    load: (signal) => {
      // The key is only set when there is a query.
      if (!query) return Promise.reject(new Error('No payment to load'));
      return fetchPaymentStatus(query, signal);
    },
    nextDelay: paymentPollDelay,
    retryDelay: (error, failures) => (isUnknownPaymentError(error) ? null : backoffDelay(failures)),
  });
}

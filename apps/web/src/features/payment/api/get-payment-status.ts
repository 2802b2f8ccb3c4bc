import { useRef } from 'react';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { takeFirstRead } from '../../../boot/first-read';
import { ApiError, fetchFailure, isPermanentApiError, readJson } from '../../../lib/api/api-error';
import { ownerTokenUnless } from '../../../lib/auth/owner-token';
import type { Resource } from '../../../lib/resource/use-resource';
import { backoffDelay, useResource } from '../../../lib/resource/use-resource';
import { useLiveUpdates } from '../../../lib/live/use-live-updates';
import { paymentPollDelay } from '../payment-poll-schedule';
import type { PaymentStatusQuery } from './payment-status-query';
import { fetchOrderLiveTicket } from './get-live-ticket';
import { paymentStatusPath } from './payment-status-path';
import { parsePaymentStatus, readErrorBody } from './parse-payment-status';

export type { PaymentStatusQuery } from './payment-status-query';
export { paymentStatusPath } from './payment-status-path';

/**
 * `GET /api/payments/status?order=…&token=…`: public with the token, else the owner's.
 * Read without the schema library (the answer is checked by parse-payment-status.ts), because
 * this screen is where the checkout sends every customer back and must come up fast. The
 * first read may already have been started by the boot code (boot/preload-deep-link.ts).
 */
export async function fetchPaymentStatus(
  query: PaymentStatusQuery,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  const path = paymentStatusPath(query);
  const token = await ownerTokenUnless(query.token);
  let response: Response;
  try {
    response =
      (token ? undefined : await takeFirstRead(path)) ??
      (await fetch(path, {
        method: 'GET',
        headers: token
          ? { Accept: 'application/json', Authorization: `Bearer ${token}` }
          : { Accept: 'application/json' },
        credentials: 'same-origin',
        signal,
      }));
  } catch (error) {
    throw fetchFailure(error, signal);
  }
  const data = await readJson(response);
  if (!response.ok) {
    const body = readErrorBody(data);
    throw new ApiError({
      status: response.status,
      code: body?.code ?? (response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
      message: body?.message ?? `The server answered with HTTP ${response.status}.`,
    });
  }
  const payment = parsePaymentStatus(data);
  if (!payment) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: 'The server sent an answer this page does not understand.',
    });
  }
  return payment;
}

/**
 * The server will never find this link: no such order, or a token that does not match (the
 * server may answer 400, 403 or 404 for those). Asking again cannot help. Rate limiting and
 * timeouts are not that.
 */
export function isUnknownPaymentError(error: unknown): boolean {
  return isPermanentApiError(error);
}

/**
 * The payment's status, kept fresh while anything can still change: read again as soon as
 * the live-update stream says the order changed, and polled (see payment-poll-schedule)
 * while the stream is down.
 */
export function usePaymentStatus(
  query: PaymentStatusQuery | null,
): Resource<PaymentStatusResponse> {
  const key = query ? `${query.order}\n${query.token ?? ''}` : null;
  const live = useRef(false);
  const resource = useResource({
    key,
    load: (signal) => {
      // The key is only set when there is a query.
      if (!query) return Promise.reject(new Error('No payment to load'));
      return fetchPaymentStatus(query, signal);
    },
    nextDelay: (status, sinceStart) => {
      const delay = paymentPollDelay(status, sinceStart);
      return live.current ? null : delay;
    },
    retryDelay: (error, failures) => (isUnknownPaymentError(error) ? null : backoffDelay(failures)),
    keepDataOnError: true,
  });
  // Nothing more can change (or the order is unknown): no stream either.
  const settled =
    (resource.data !== undefined && paymentPollDelay(resource.data, 0) === null) ||
    (resource.data === undefined && isUnknownPaymentError(resource.error));
  useLiveUpdates(settled ? null : key, {
    ticket: (signal) => {
      if (!query) return Promise.reject(new Error('No payment to follow'));
      return fetchOrderLiveTicket(query, signal);
    },
    // The ticket covers this order only: every change is this page's.
    concerns: () => true,
    refresh: resource.refresh,
    live,
  });
  return resource;
}

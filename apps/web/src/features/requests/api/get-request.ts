import { useRef } from 'react';
import { isFinalCaseState } from '@unban/contract/case-states';
import type { RequestDetail } from '@unban/contract/requests';
import { requestDetailSchema } from '@unban/contract/requests';
import { ApiError, apiFetch, isPermanentApiError } from '../../../lib/api/api-client';
import type { Resource } from '../../../lib/resource/use-resource';
import { backoffDelay, useResource } from '../../../lib/resource/use-resource';
import { useLiveUpdates } from '../../../lib/live/use-live-updates';
import { fetchOwnLiveTicket } from './get-live-ticket';

/**
 * Operators answer within hours, so a few checks a minute show their changes soon enough
 * when the live-update stream is down (it shows them at once while it is up).
 */
export const CASE_POLL_INTERVAL = 20_000;

export function requestPath(id: string): string {
  return `/api/requests/${encodeURIComponent(id)}`;
}

/** `GET /api/requests/:id`: the case page of one of the caller's own requests. */
export async function fetchRequest(id: string, signal?: AbortSignal): Promise<RequestDetail> {
  const { getIdToken } = await import('../../../lib/auth/auth');
  return apiFetch(requestPath(id), {
    schema: requestDetailSchema,
    token: await getIdToken(),
    signal,
  });
}

/**
 * No such request for this user. The server answers 404 for other people's requests too, and
 * may answer 400 for an id that cannot be one; asking again will not change either.
 */
export function isRequestNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** Nothing can change any more: a final case whose payment is settled too. */
export function casePollDelay(request: RequestDetail): number | null {
  const paymentMoving =
    request.paymentState === 'processing' || request.paymentState === 'refund_pending';
  return isFinalCaseState(request.caseState) && !paymentMoving ? null : CASE_POLL_INTERVAL;
}

/**
 * The request, read again as soon as the live-update stream says it changed, and polled
 * while the page is visible and the stream is down, so an operator's changes appear.
 */
export function useRequest(id: string, uid: string | null): Resource<RequestDetail> {
  const key = uid === null ? null : `${uid}\n${id}`;
  const live = useRef(false);
  const resource = useResource({
    key,
    load: (signal) => fetchRequest(id, signal),
    nextDelay: (request) => (live.current ? null : casePollDelay(request)),
    retryDelay: (error, failures) => (isPermanentApiError(error) ? null : backoffDelay(failures)),
    keepDataOnError: true,
  });
  // A case that can no longer change needs no stream either.
  const settled = resource.data !== undefined && casePollDelay(resource.data) === null;
  useLiveUpdates(settled ? null : key, {
    ticket: fetchOwnLiveTicket,
    concerns: (event) => event.requestId === resource.data?.id,
    refresh: resource.refresh,
    live,
  });
  return resource;
}

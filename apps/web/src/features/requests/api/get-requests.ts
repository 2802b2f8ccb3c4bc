import type { RequestListResponse } from '@unban/contract/requests';
import { requestListResponseSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import type { Resource } from '../../../lib/resource/use-resource';
import { useResource } from '../../../lib/resource/use-resource';

export const REQUESTS_PATH = '/api/requests';

/** `GET /api/requests`: the signed-in customer's own requests, newest first. */
export async function fetchMyRequests(signal?: AbortSignal): Promise<RequestListResponse> {
  // Imported here, not at the top: the facade is not needed until a list is really loaded.
  const { getIdToken } = await import('../../../lib/auth/auth');
  return apiFetch(REQUESTS_PATH, {
    schema: requestListResponseSchema,
    token: await getIdToken(),
    signal,
  });
}

/**
 * The list for the signed-in user `uid` (loaded again when the user changes, e.g. after
 * signing in); loaded once, the screen offers to try again when it fails.
 */
export function useMyRequests(uid: string | null): Resource<RequestListResponse> {
  return useResource({
    key: uid,
    load: fetchMyRequests,
    keepDataOnError: true,
  });
}

import type { QueueQueryInput, QueueResponse } from '@unban/contract/admin';
import { queueResponseSchema } from '@unban/contract/admin';
import { apiFetch } from '../../../lib/api/api-client';
import { adminToken } from './admin-token';

/** The query string of `GET /api/admin/requests`; repeated `caseState` for several states. */
export function queueSearch(query: QueueQueryInput): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return search.toString();
}

/** `GET /api/admin/requests`: one page of the queue. */
export async function fetchQueue(
  query: QueueQueryInput,
  signal?: AbortSignal,
): Promise<QueueResponse> {
  const search = queueSearch(query);
  return apiFetch(`/api/admin/requests${search ? `?${search}` : ''}`, {
    schema: queueResponseSchema,
    token: await adminToken(),
    signal,
  });
}

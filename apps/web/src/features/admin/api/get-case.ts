import type { AdminCase } from '@unban/contract/admin';
import { adminCaseSchema } from '@unban/contract/admin';
import { apiFetch } from '../../../lib/api/api-client';
import type { Resource } from '../../../lib/resource/use-resource';
import { useResource } from '../../../lib/resource/use-resource';
import { adminToken } from './admin-token';

export function adminCasePath(id: string): string {
  return `/api/admin/requests/${encodeURIComponent(id)}`;
}

/** `GET /api/admin/requests/:id`: the whole case, internal notes included. */
export async function fetchAdminCase(id: string, signal?: AbortSignal): Promise<AdminCase> {
  return apiFetch(adminCasePath(id), {
    schema: adminCaseSchema,
    token: await adminToken(),
    signal,
  });
}

/**
 * The case, loaded once and then only on request (`refresh`); `replace` shows the case an
 * action answered with. It is not polled on purpose: an action sends the version the operator
 * was looking at, and a silent refresh would hide someone else's change instead of reporting
 * the conflict.
 */
export function useAdminCase(id: string): Resource<AdminCase> {
  return useResource({ key: id, load: (signal) => fetchAdminCase(id, signal) });
}

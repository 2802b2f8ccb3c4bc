import type { AdminCase } from '@unban/contract/admin';
import { adminCaseSchema } from '@unban/contract/admin';
import { apiFetch } from '../../../lib/api/api-client';
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

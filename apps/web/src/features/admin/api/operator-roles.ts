import type { GrantRoleBodyInput, RoleChangeResponse } from '@unban/contract/admin';
import { roleChangeResponseSchema } from '@unban/contract/admin';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';
import { adminToken } from './admin-token';

/** `POST /api/admin/operators`: makes the account with this e-mail an operator or an admin. */
export async function grantRole(body: GrantRoleBodyInput): Promise<RoleChangeResponse> {
  const token = await adminToken();
  return withLoading(
    apiFetch('/api/admin/operators', {
      method: 'POST',
      body,
      schema: roleChangeResponseSchema,
      token,
    }),
  );
}

/** `DELETE /api/admin/operators/:email`: the account becomes a customer again. */
export async function revokeRole(email: string): Promise<RoleChangeResponse> {
  const token = await adminToken();
  return withLoading(
    apiFetch(`/api/admin/operators/${encodeURIComponent(email)}`, {
      method: 'DELETE',
      schema: roleChangeResponseSchema,
      token,
    }),
  );
}

import type {
  AdminAssignBodyInput,
  AdminCase,
  AdminNoteBodyInput,
  AdminRefundBodyInput,
  AdminTransitionBodyInput,
} from '@unban/contract/admin';
import { adminCaseSchema } from '@unban/contract/admin';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';
import { adminToken } from './admin-token';
import { adminCasePath } from './get-case';

/** Every action on a case answers with the case as it is afterwards. */
async function postCaseAction(id: string, action: string, body: unknown): Promise<AdminCase> {
  const token = await adminToken();
  return withLoading(
    apiFetch(`${adminCasePath(id)}/${action}`, {
      method: 'POST',
      body,
      schema: adminCaseSchema,
      token,
    }),
  );
}

/** `POST /api/admin/requests/:id/transitions` */
export function moveCase(id: string, body: AdminTransitionBodyInput): Promise<AdminCase> {
  return postCaseAction(id, 'transitions', body);
}

/** `POST /api/admin/requests/:id/notes` */
export function addCaseNote(id: string, body: AdminNoteBodyInput): Promise<AdminCase> {
  return postCaseAction(id, 'notes', body);
}

/** `POST /api/admin/requests/:id/assign` */
export function assignCase(id: string, body: AdminAssignBodyInput): Promise<AdminCase> {
  return postCaseAction(id, 'assign', body);
}

/** `POST /api/admin/requests/:id/refund` */
export function refundCase(id: string, body: AdminRefundBodyInput): Promise<AdminCase> {
  return postCaseAction(id, 'refund', body);
}

import type { RequeueEmailResponse } from '@unban/contract/admin';
import { requeueEmailResponseSchema } from '@unban/contract/admin';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';
import { adminToken } from './admin-token';

/** `POST /api/mailbox/failed/:id/requeue`: the worker sends the failed e-mail again. */
export async function requeueEmail(id: string): Promise<RequeueEmailResponse> {
  const token = await adminToken();
  return withLoading(
    apiFetch(`/api/mailbox/failed/${encodeURIComponent(id)}/requeue`, {
      method: 'POST',
      schema: requeueEmailResponseSchema,
      token,
    }),
  );
}

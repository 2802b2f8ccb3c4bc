import type { RequestDetail } from '@unban/contract/requests';
import { requestDetailSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';
import { requestPath } from './get-request';

/**
 * `POST /api/requests/:id/cancel`: the owner withdraws the request before an operator starts
 * work; a paid request is refunded in full. The body is the confirmation the screen asked for.
 */
export async function cancelRequest(id: string): Promise<RequestDetail> {
  const { getIdToken } = await import('../../../lib/auth/auth');
  return withLoading(
    apiFetch(`${requestPath(id)}/cancel`, {
      method: 'POST',
      body: { confirm: true },
      schema: requestDetailSchema,
      token: await getIdToken(),
    }),
  );
}

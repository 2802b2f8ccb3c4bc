import type { RequestDetail } from '@unban/contract/requests';
import { requestDetailSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';
import { requestPath } from './get-request';

/**
 * `POST /api/requests/:id/owner-review/confirm`: the owner says they sent the in-app review
 * we asked them for. A second press answers with the same confirmation.
 */
export async function confirmOwnerReview(id: string): Promise<RequestDetail> {
  const { getIdToken } = await import('../../../lib/auth/auth');
  return withLoading(
    apiFetch(`${requestPath(id)}/owner-review/confirm`, {
      method: 'POST',
      body: { confirm: true },
      schema: requestDetailSchema,
      token: await getIdToken(),
    }),
  );
}

import type {
  AppealWorkbench,
  PasteReplyBodyInput,
  ReplyOutcomeBodyInput,
  SubmitAppealBodyInput,
} from '@unban/contract/appeals';
import { appealWorkbenchSchema } from '@unban/contract/appeals';
import type { RequestOwnerReviewBodyInput } from '@unban/contract/owner-review';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';
import type { Resource } from '../../../lib/resource/use-resource';
import { useResource } from '../../../lib/resource/use-resource';
import { adminToken } from './admin-token';
import { adminCasePath } from './get-case';

/** `GET /api/admin/requests/:id/appeals`: channels with drafts, appeals, the platform's replies. */
export async function fetchAppealWorkbench(
  id: string,
  signal?: AbortSignal,
): Promise<AppealWorkbench> {
  return apiFetch(`${adminCasePath(id)}/appeals`, {
    schema: appealWorkbenchSchema,
    token: await adminToken(),
    signal,
  });
}

/**
 * The workbench of a case, read again whenever the case's version changes (a move or a note
 * elsewhere on the screen may change what can be submitted).
 */
export function useAppealWorkbench(id: string, caseVersion: number): Resource<AppealWorkbench> {
  return useResource({
    key: `${id}@${caseVersion}`,
    load: (signal) => fetchAppealWorkbench(id, signal),
  });
}

async function post(id: string, action: string, body: unknown): Promise<AppealWorkbench> {
  const token = await adminToken();
  return withLoading(
    apiFetch(`${adminCasePath(id)}/${action}`, {
      method: 'POST',
      body,
      schema: appealWorkbenchSchema,
      token,
    }),
  );
}

/** `POST /api/admin/requests/:id/appeals` */
export function submitAppeal(id: string, body: SubmitAppealBodyInput): Promise<AppealWorkbench> {
  return post(id, 'appeals', body);
}

/** `POST /api/admin/requests/:id/owner-review`: ask the owner to send the in-app review. */
export function askOwnerReview(
  id: string,
  body: RequestOwnerReviewBodyInput,
): Promise<AppealWorkbench> {
  return post(id, 'owner-review', body);
}

/** `POST /api/admin/requests/:id/platform-replies` */
export function pastePlatformReply(
  id: string,
  body: PasteReplyBodyInput,
): Promise<AppealWorkbench> {
  return post(id, 'platform-replies', body);
}

/** `POST /api/admin/requests/:id/platform-replies/:replyId/outcome` */
export function decidePlatformReply(
  id: string,
  replyId: string,
  body: ReplyOutcomeBodyInput,
): Promise<AppealWorkbench> {
  return post(id, `platform-replies/${encodeURIComponent(replyId)}/outcome`, body);
}

import { useCallback, useState } from 'react';
import { z } from 'zod';
import type { CustomerReplyBody } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';
import { requestPath } from './get-request';

// The contract gives the reply no answer schema: the page reloads the request after sending.
const anyAnswerSchema = z.unknown();

/** `POST /api/requests/:id/replies`: the customer's answer while the case needs information. */
export async function sendReply(
  id: string,
  body: CustomerReplyBody,
  signal?: AbortSignal,
): Promise<void> {
  const { getIdToken } = await import('../../../lib/auth/auth');
  await apiFetch(`${requestPath(id)}/replies`, {
    method: 'POST',
    body,
    schema: anyAnswerSchema,
    token: await getIdToken(),
    signal,
  });
}

export interface SendReplyFlow {
  /** Sends with the loading flag on; rejects with the ApiError when the server refuses. */
  send: (body: CustomerReplyBody) => Promise<void>;
  sending: boolean;
}

export function useSendReply(id: string): SendReplyFlow {
  const [sending, setSending] = useState(false);
  const send = useCallback(
    async (body: CustomerReplyBody) => {
      setSending(true);
      try {
        await withLoading(sendReply(id, body));
      } finally {
        setSending(false);
      }
    },
    [id],
  );
  return { send, sending };
}

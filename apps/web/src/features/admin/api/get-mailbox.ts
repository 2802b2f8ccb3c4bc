import { z } from 'zod';
import { apiFetch } from '../../../lib/api/api-client';
import type { Resource } from '../../../lib/resource/use-resource';
import { useResource } from '../../../lib/resource/use-resource';
import { adminToken } from './admin-token';

// The server keeps these answers' types local to mailbox-routes.ts; these mirror them.
export const mailboxMessageSchema = z.object({
  id: z.string(),
  requestId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const failedEmailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string().nullable(),
  requestId: z.string().nullable(),
  reference: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedEmail = z.infer<typeof failedEmailSchema>;

const mailboxResponseSchema = z.object({ messages: z.array(mailboxMessageSchema) });
const failedResponseSchema = z.object({ failed: z.array(failedEmailSchema) });

export interface Mailbox {
  messages: MailboxMessage[];
  failed: FailedEmail[];
}

/** `GET /api/mailbox` and `GET /api/mailbox/failed`: what was sent, and what could not be. */
export async function fetchMailbox(signal?: AbortSignal): Promise<Mailbox> {
  const token = await adminToken();
  const [sent, failed] = await Promise.all([
    apiFetch('/api/mailbox', { schema: mailboxResponseSchema, token, signal }),
    apiFetch('/api/mailbox/failed', { schema: failedResponseSchema, token, signal }),
  ]);
  return { messages: sent.messages, failed: failed.failed };
}

/** The mailbox, loaded when shown and again on request. */
export function useMailbox(): Resource<Mailbox> {
  return useResource({ key: 'mailbox', load: fetchMailbox });
}

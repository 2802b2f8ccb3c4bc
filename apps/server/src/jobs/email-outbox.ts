import { inArray, like, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../db/client';
import { outbox, requestOfOutboxJob } from '../db/schema';
import { emailDataSchema, emailTemplateNameSchema } from './email-templates';
import type { EmailTemplateName } from './email-templates';

/*
 * The write side of the e-mail outbox: what an `email.*` row holds and how one is enqueued.
 * The worker (outbox-worker.ts) reads the same shape back.
 */

/** Outbox kinds of e-mails start with this; the e-mail worker claims only these. */
export const EMAIL_KIND_PREFIX = 'email.';

export function emailKind(template: EmailTemplateName): string {
  return `${EMAIL_KIND_PREFIX}${template}`;
}

/**
 * The e-mails about these requests (the customer's, and the appeals sent for them), as a
 * condition on the outbox. It reads the request with the expression of outbox_request_id_idx,
 * so that a customer's export and erasure and the retention sweep find a request's e-mails
 * through that index rather than by reading every e-mail ever sent (they stay in the table
 * once sent).
 */
export function emailsAboutRequests(requestIds: readonly string[]): SQL {
  return sql`${like(outbox.kind, `${EMAIL_KIND_PREFIX}%`)} and ${inArray(
    requestOfOutboxJob(outbox.payload),
    [...requestIds],
  )}`;
}

/** What an `email.*` row's payload holds: everything needed to render and send it later. */
export const emailPayloadSchema = z.object({
  to: z.email(),
  template: emailTemplateNameSchema,
  data: emailDataSchema,
});
export type EmailJobPayload = z.infer<typeof emailPayloadSchema>;

export interface EnqueueEmailInput extends EmailJobPayload {
  /**
   * Unique per e-mail, e.g. `email:<requestId>:<caseEventId>`: a replayed cause enqueues
   * nothing new, and the mailer receives it so a re-sent job is recognised as the same one.
   */
  idempotencyKey: string;
}

/**
 * Writes the e-mail into the outbox in the caller's transaction: it is sent only if the
 * change that causes it commits, and it is sent even if the process stops right after.
 * @returns false when a job with this key already exists (nothing written)
 */
export async function enqueueEmail(tx: Transaction, input: EnqueueEmailInput): Promise<boolean> {
  const rows = await tx
    .insert(outbox)
    .values(emailJob(input))
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** The outbox row of one e-mail, for a caller that writes it in a statement of its own making. */
export function emailJob(input: EnqueueEmailInput): {
  kind: string;
  idempotencyKey: string;
  payload: EmailJobPayload;
} {
  return {
    kind: emailKind(input.template),
    idempotencyKey: input.idempotencyKey,
    payload: { to: input.to, template: input.template, data: input.data },
  };
}

/**
 * An appeal (or follow-up) to a platform's support address, written by an operator: sent as
 * written, from MAIL_FROM, with a Reply-To that routes the platform's answer to the case.
 * Its own kind, so the worker sends its text verbatim instead of rendering a template.
 */
export const APPEAL_EMAIL_KIND = `${EMAIL_KIND_PREFIX}appeal`;

export const appealEmailPayloadSchema = z.object({
  to: z.email(),
  // Not z.email(): a development run's reply domain is `replies.<host of PUBLIC_URL>`, which
  // may be an IP address (replies.127.0.0.1), valid to a mail library, not to a strict check.
  replyTo: z.string().regex(/^[^\s@]+@[^\s@]+$/),
  requestId: z.uuid(),
  subject: z.string().min(1),
  text: z.string().min(1),
});
export type AppealEmailPayload = z.infer<typeof appealEmailPayloadSchema>;

/** Writes the appeal e-mail in the caller's transaction (key: `appeal:<appeal id>`). */
export async function enqueueAppealEmail(
  tx: Transaction,
  input: AppealEmailPayload & { appealId: string },
): Promise<void> {
  const { appealId, ...payload } = input;
  await tx
    .insert(outbox)
    .values({ kind: APPEAL_EMAIL_KIND, idempotencyKey: `appeal:${appealId}`, payload })
    .onConflictDoNothing({ target: outbox.idempotencyKey });
}

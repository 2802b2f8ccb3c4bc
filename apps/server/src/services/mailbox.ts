import type { FailedEmail, MailboxMessage } from '@unban/contract/admin';
import type { Database } from '../db/client';
import { listMailboxMessages } from '../jobs/dev-mailbox';
import type { MailboxFilter } from '../jobs/dev-mailbox';
import { emailPayloadSchema } from '../jobs/email-outbox';
import { listFailedEmails, requeueFailedEmail } from '../jobs/outbox-worker';
import { AppError } from '../errors';

/** The dev mailbox as the back office shows it, newest first. */
export async function readMailbox(db: Database, filter: MailboxFilter): Promise<MailboxMessage[]> {
  const rows = await listMailboxMessages(db, filter);
  return rows.map((row) => ({
    id: row.id,
    requestId: row.requestId,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** E-mails given up after their last try, with whom and which case they were for. */
export async function readFailedEmails(db: Database, limit: number): Promise<FailedEmail[]> {
  const rows = await listFailedEmails(db, limit);
  return rows.map((row) => {
    const payload = emailPayloadSchema.safeParse(row.payload);
    return {
      id: row.id,
      kind: row.kind,
      to: payload.success ? payload.data.to : null,
      requestId: payload.success ? payload.data.data.requestId : null,
      reference: payload.success ? payload.data.data.reference : null,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * An operator sends a failed e-mail again (after fixing what made it fail): it becomes a
 * pending job with all its tries, delivered by the worker under its original key.
 * @throws AppError NOT_FOUND when no failed e-mail has this id (sent again already, or none)
 */
export async function requeueEmail(db: Database, id: string): Promise<void> {
  if (!(await requeueFailedEmail(db, id))) {
    throw new AppError('NOT_FOUND', 'There is no failed e-mail with this id (any more).');
  }
}

import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pageUrl, paths } from '@unban/contract/paths';
import type { Database } from '../db/client';
import { mailboxMessages } from '../db/schema';
import type { MailboxMessageRow } from '../db/schema';
import type { Mailer } from './mailer';

export interface DevMailboxDeps {
  db: Database;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * The mailer used when no SMTP server is configured: messages are stored in the database
 * (one row per idempotency key, so a re-sent job never shows twice) and logged with a link
 * to the back office's mailbox, so the embedded run shows what the customer would receive.
 */
export function createDevMailbox({ db, publicUrl, log }: DevMailboxDeps): Mailer {
  return {
    name: 'dev-mailbox',
    async send(email) {
      const stored = await db
        .insert(mailboxMessages)
        .values({
          idempotencyKey: email.idempotencyKey,
          requestId: email.requestId,
          toAddress: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
        })
        .onConflictDoNothing({ target: mailboxMessages.idempotencyKey })
        .returning({ id: mailboxMessages.id });
      log.info(
        // Not the recipient: an address in the logs is personal data kept for months.
        { requestId: email.requestId, subject: email.subject, repeat: stored.length === 0 },
        `e-mail in the dev mailbox: ${pageUrl(publicUrl, paths.adminMailbox.to())}`,
      );
    },
    close: async () => {},
  };
}

export interface MailboxFilter {
  requestId?: string | undefined;
  /** The recipient's address, compared case-insensitively (stored as the request has it). */
  to?: string | undefined;
  limit: number;
}

/** The newest dev-mailbox messages first, optionally of one case or one recipient. */
export async function listMailboxMessages(
  db: Database,
  filter: MailboxFilter,
): Promise<MailboxMessageRow[]> {
  const conditions = [
    filter.requestId ? eq(mailboxMessages.requestId, filter.requestId) : undefined,
    filter.to ? eq(mailboxMessages.toAddress, filter.to.toLowerCase()) : undefined,
  ];
  return db
    .select()
    .from(mailboxMessages)
    .where(and(...conditions))
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(filter.limit);
}

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { listMailboxMessages } from '../../jobs/dev-mailbox';
import { emailPayloadSchema, listFailedEmails } from '../../jobs/outbox-worker';
import { parseWith } from '../../http/parse-with';
import { requireRole } from '../../plugins/auth';

const mailboxQuerySchema = z.object({
  requestId: z.uuid({ error: 'Send a request id.' }).optional(),
  to: z.email({ error: 'Send an e-mail address.' }).max(320).optional(),
  limit: z.coerce
    .number({ error: 'Send a number.' })
    .int('Send a whole number.')
    .min(1, 'Send at least 1.')
    .max(200, 'Send at most 200.')
    .default(50),
});

const failedQuerySchema = mailboxQuerySchema.pick({ limit: true });

/** One stored e-mail as the back office shows it. */
export interface MailboxMessageView {
  id: string;
  requestId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** An e-mail given up after its last try: operators contact the customer another way. */
export interface FailedEmailView {
  id: string;
  kind: string;
  /** Who it was for and which case, when the payload can be read. */
  to: string | null;
  requestId: string | null;
  reference: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

/**
 * `GET /api/mailbox`: the dev mailbox (what customers would have received when no SMTP
 * server is configured), newest first, optionally of one case (`requestId`) or one
 * recipient (`to`). `GET /api/mailbox/failed`: e-mails that could not be sent. Operators only.
 */
export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireRole('operator'));

  app.get('/mailbox', async (request, reply) => {
    const query = parseWith(mailboxQuerySchema, request.query);
    const rows = await listMailboxMessages(app.db, query);
    const messages: MailboxMessageView[] = rows.map((row) => ({
      id: row.id,
      requestId: row.requestId,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: row.createdAt.toISOString(),
    }));
    return reply.header('cache-control', 'no-store').send({ messages });
  });

  app.get('/mailbox/failed', async (request, reply) => {
    const { limit } = parseWith(failedQuerySchema, request.query);
    const rows = await listFailedEmails(app.db, limit);
    const failed: FailedEmailView[] = rows.map((row) => {
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
    return reply.header('cache-control', 'no-store').send({ failed });
  });
};

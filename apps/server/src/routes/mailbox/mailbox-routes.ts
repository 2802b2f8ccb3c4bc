import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  failedEmailsQuerySchema,
  failedEmailsResponseSchema,
  mailboxQuerySchema,
  mailboxResponseSchema,
} from '@unban/contract/admin';
import { readFailedEmails, readMailbox } from '../../services/mailbox';

const tags = ['mailbox'];

/**
 * `GET /api/mailbox`: the dev mailbox (what customers would have received when no SMTP
 * server is configured), newest first, optionally of one case (`requestId`) or one
 * recipient (`to`). `GET /api/mailbox/failed`: e-mails that could not be sent. Operators only.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      config: { guard: 'operator' },
      schema: {
        tags,
        summary: 'The dev mailbox: e-mails stored instead of sent, newest first',
        querystring: mailboxQuerySchema,
        response: { 200: mailboxResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await readMailbox(app.db, request.query) };
    },
  );

  app.get(
    '/mailbox/failed',
    {
      config: { guard: 'operator' },
      schema: {
        tags,
        summary: 'E-mails given up after their last try',
        querystring: failedEmailsQuerySchema,
        response: { 200: failedEmailsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { failed: await readFailedEmails(app.db, request.query.limit) };
    },
  );
};

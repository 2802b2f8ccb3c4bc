import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  failedEmailsQuerySchema,
  failedEmailsResponseSchema,
  mailboxQuerySchema,
  mailboxResponseSchema,
  requeueEmailParamsSchema,
  requeueEmailResponseSchema,
} from '@unban/contract/admin';
import { readFailedEmails, readMailbox, requeueEmail } from '../../services/mailbox';

const tags = ['mailbox'];

/**
 * `GET /api/mailbox`: the dev mailbox (what customers would have received when no SMTP
 * server is configured), newest first, optionally of one case (`requestId`) or one
 * recipient (`to`). `GET /api/mailbox/failed`: e-mails that could not be sent, and
 * `POST /api/mailbox/failed/:id/requeue` to send one again. Operators only.
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

  app.post(
    '/mailbox/failed/:id/requeue',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'Send a failed e-mail again, with all its tries',
        params: requeueEmailParamsSchema,
        response: { 200: requeueEmailResponseSchema },
      },
    },
    async (request) => {
      await requeueEmail(app.db, request.params.id);
      return { id: request.params.id, status: 'pending' as const };
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseChangeEventSchema,
  liveEventsQuerySchema,
  liveTicketResponseSchema,
} from '@unban/contract/live';
import type { LiveTicketResponse } from '@unban/contract/live';
import { paymentStatusQuerySchema, statusTokenSchema } from '@unban/contract/requests';
import { statusTokenMatches } from '../../domain/status-token';
import { AppError } from '../../errors';
import type { IssuedTicket, StreamScope } from '../../live/stream-tickets';
import { findPaymentStatusRow } from '../../services/request-queries';

const tags = ['live'];

function ticketAnswer(issued: IssuedTicket): LiveTicketResponse {
  return { ticket: issued.ticket, expiresAt: issued.expiresAt.toISOString() };
}

/** The scope of the ticket each stream request presented, set by its guard. */
const streamScopes = new WeakMap<FastifyRequest, StreamScope>();

/**
 * Live updates of cases (docs/decisions/013-live-updates.md): a page trades its usual
 * credentials for a short-lived ticket, then opens `GET /api/live/events?ticket=…` with
 * EventSource, which cannot send an Authorization header. The stream says only which case
 * changed, to which states and version; the page reads the case through its usual route.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/live/tickets',
    {
      config: { guard: 'signed-in' },
      schema: {
        tags,
        summary: "A ticket for a stream of the changes of the caller's own cases",
        response: { 200: liveTicketResponseSchema },
      },
    },
    async (request, reply) => {
      // The guard has checked that someone is signed in.
      const uid = request.auth?.uid;
      if (uid === undefined) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      reply.header('cache-control', 'no-store');
      return ticketAnswer(app.live.tickets.issue({ kind: 'owner', uid }));
    },
  );

  app.post(
    '/live/tickets/order',
    {
      config: { guard: 'status-token-or-owner', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'A ticket for a stream of the changes of one order',
        description:
          'Takes the order reference (UB-…) or its id, and its status token unless the caller is its signed-in owner.',
        querystring: paymentStatusQuerySchema,
        response: { 200: liveTicketResponseSchema },
      },
    },
    async (request, reply) => {
      const { order, token } = request.query;
      const row = await findPaymentStatusRow(app.db, order);
      const allowed =
        row !== undefined &&
        ((token !== undefined &&
          statusTokenSchema.safeParse(token).success &&
          statusTokenMatches(token, row.statusTokenHash)) ||
          (request.auth !== null && request.auth.uid === row.ownerUid));
      // The same answer as for an order that does not exist: a guess learns nothing.
      if (!row || !allowed) {
        throw new AppError(
          'NOT_FOUND',
          'We could not find this order. Check the link you followed.',
        );
      }
      reply.header('cache-control', 'no-store');
      return ticketAnswer(app.live.tickets.issue({ kind: 'order', requestId: row.id }));
    },
  );

  app.get(
    '/live/events',
    {
      sse: { kind: 'only', heartbeat: false },
      config: { guard: 'stream-ticket', errors: ['RATE_LIMITED', 'SERVICE_UNAVAILABLE'] },
      // The ticket is the credential: checked before the input is validated, like the
      // guards the auth plugin enforces, so a caller without one learns nothing else.
      preValidation: async (request) => {
        const { ticket } = request.query as { ticket?: unknown };
        const scope = typeof ticket === 'string' ? app.live.tickets.verify(ticket) : null;
        if (scope === null) {
          throw new AppError(
            'UNAUTHENTICATED',
            'This live view has expired. The page opens a new one by itself.',
          );
        }
        streamScopes.set(request, scope);
      },
      schema: {
        tags,
        summary: 'Server-Sent Events: the changes of the cases the ticket covers',
        description: [
          'text/event-stream. Events: `case-change` (data: a case change, below), `heartbeat`',
          'every 15 s, and `resync` (read the case again: sent when the stream opens and when',
          'this server may have missed changes). A page reads the case through its usual route',
          'on each event; the stream itself carries no personal data.',
        ].join(' '),
        querystring: liveEventsQuerySchema,
        response: {
          200: caseChangeEventSchema.describe('The data of one `case-change` event.'),
        },
      },
    },
    async (request, reply) => {
      const scope = streamScopes.get(request);
      if (scope === undefined) throw new AppError('UNAUTHENTICATED', 'Please open the page again.');
      await app.live.stream(reply, scope);
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAssignBodySchema,
  adminCaseSchema,
  adminNoteBodySchema,
  adminRefundBodySchema,
  adminRequestParamsSchema,
  adminTransitionBodySchema,
  queueQuerySchema,
  queueResponseSchema,
} from '@unban/contract/admin';
import type { AdminCase } from '@unban/contract/admin';
import { addOperatorNote, assignCase, readAdminCase } from '../../services/admin-case';
import { listQueue } from '../../services/admin-queue';
import { moveCase } from '../../services/move-case';
import { plainJsonSerializer } from '../../plugins/route-contract';
import { staffAuth } from './staff-auth';

const tags = ['admin'];

/**
 * The queue and the work on one case. Every action answers with the case as it is now, so
 * the screen shows the new version without a second read. Answers are never cached: they
 * carry personal data and change under other operators' hands.
 */
export const adminRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** Runs an operator's action on an existing case; answers with the case as it is now. */
  async function actOnCase(
    request: FastifyRequest,
    id: string,
    action: (caseId: string, operatorUid: string) => Promise<unknown>,
  ): Promise<AdminCase> {
    const { uid } = staffAuth(request);
    // Existence first: an id that is no UUID must be a 404, not a database cast error.
    const before = await readAdminCase(app.db, id);
    await action(before.id, uid);
    return readAdminCase(app.db, before.id);
  }

  app.get(
    '/admin/requests',
    {
      config: { guard: 'operator' },
      // Its items are checked as they are built (toQueueItem): zod on the way out was 40% of
      // the queue's CPU.
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: 'The queue: filters, search and cursor pagination',
        querystring: queueQuerySchema,
        response: { 200: queueResponseSchema },
      },
    },
    async (request) =>
      listQueue(app.db, request.query, new Date(), app.config.replyDeadlines.alertBeforeMinutes),
  );

  app.get(
    '/admin/requests/:id',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'One case: answers, payments, the full timeline, where it may move',
        params: adminRequestParamsSchema,
        response: { 200: adminCaseSchema },
      },
    },
    async (request) => readAdminCase(app.db, request.params.id),
  );

  app.post(
    '/admin/requests/:id/transitions',
    {
      config: {
        guard: 'operator',
        errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'FORBIDDEN_TRANSITION'],
      },
      schema: {
        tags,
        summary: 'Move the case along an edge of the case machine',
        description:
          'Optimistic concurrency: `expectedVersion` is the version the operator read. A case moved to denied or not eligible is refunded in full.',
        params: adminRequestParamsSchema,
        body: adminTransitionBodySchema,
        response: { 200: adminCaseSchema },
      },
    },
    async (request) =>
      actOnCase(request, request.params.id, (requestId, actorUid) =>
        moveCase(app, {
          requestId,
          to: request.body.to,
          actor: 'operator',
          actorUid,
          messageToCustomer: request.body.messageToCustomer ?? null,
          internalNote: request.body.internalNote ?? null,
          expectedVersion: request.body.expectedVersion,
        }),
      ),
  );

  app.post(
    '/admin/requests/:id/notes',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'An internal note or a message to the customer, without a state change',
        params: adminRequestParamsSchema,
        body: adminNoteBodySchema,
        response: { 200: adminCaseSchema },
      },
    },
    async (request) =>
      actOnCase(request, request.params.id, (requestId, actorUid) =>
        addOperatorNote(
          app.db,
          {
            requestId,
            actorUid,
            internalNote: request.body.internalNote ?? null,
            messageToCustomer: request.body.messageToCustomer ?? null,
          },
          app.config.replyDeadlines.calendar,
        ),
      ),
  );

  app.post(
    '/admin/requests/:id/assign',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        tags,
        summary: 'Give the case to an operator, or back to the shared queue',
        params: adminRequestParamsSchema,
        body: adminAssignBodySchema,
        response: { 200: adminCaseSchema },
      },
    },
    async (request) =>
      actOnCase(request, request.params.id, (requestId, actorUid) =>
        assignCase(app.db, {
          requestId,
          operatorUid: request.body.operatorUid,
          expectedVersion: request.body.expectedVersion,
          actorUid,
        }),
      ),
  );

  app.post(
    '/admin/requests/:id/refund',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        tags,
        summary: 'Refund the payment of the case in full',
        params: adminRequestParamsSchema,
        body: adminRefundBodySchema,
        response: { 200: adminCaseSchema },
      },
    },
    async (request) =>
      // Queues the refund and its timeline note in one transaction, then calls the provider.
      actOnCase(request, request.params.id, (requestId, actorUid) =>
        app.payments.refundInFull(requestId, { reason: request.body.reason, actorUid }),
      ),
  );
};

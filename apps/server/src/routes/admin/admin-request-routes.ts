import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAssignBodySchema,
  adminNoteBodySchema,
  adminRefundBodySchema,
  adminTransitionBodySchema,
  queueQuerySchema,
} from '@unban/contract/admin';
import type { AdminCase, QueueResponse } from '@unban/contract/admin';
import { AppError } from '../../errors';
import { parseWith } from '../../http/parse-with';
import { assignCase, readAdminCase } from '../../services/admin-case';
import { listQueue } from '../../services/admin-queue';
import { addCaseNote, applyCaseTransition } from '../../services/case-transitions';

const paramsSchema = z.object({ id: z.string() });

/** The acting operator's uid; the folder's guard has already refused everyone else. */
function operatorUid(request: FastifyRequest): string {
  const { auth } = request;
  if (auth === null || auth.role === 'customer') {
    throw new AppError('FORBIDDEN', 'Your account does not have access to this.');
  }
  return auth.uid;
}

/**
 * The queue and the work on one case. Every action answers with the case as it is now, so
 * the screen shows the new version without a second read. Answers are never cached: they
 * carry personal data and change under other operators' hands.
 */
export const adminRequestRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/admin/requests', async (request): Promise<QueueResponse> => {
    const query = parseWith(queueQuerySchema, request.query);
    return listQueue(app.db, query);
  });

  app.get('/admin/requests/:id', async (request): Promise<AdminCase> => {
    const { id } = parseWith(paramsSchema, request.params);
    return readAdminCase(app.db, id);
  });

  app.post('/admin/requests/:id/transitions', async (request): Promise<AdminCase> => {
    const actorUid = operatorUid(request);
    const { id } = parseWith(paramsSchema, request.params);
    const body = parseWith(adminTransitionBodySchema, request.body);
    // Existence first: an id that is no UUID must be a 404, not a database cast error.
    const before = await readAdminCase(app.db, id);
    const pending = await app.db.transaction(async (tx) => {
      await applyCaseTransition(tx, {
        requestId: before.id,
        to: body.to,
        actor: 'operator',
        actorUid,
        messageToCustomer: body.messageToCustomer ?? null,
        internalNote: body.internalNote ?? null,
        expectedVersion: body.expectedVersion,
      });
      // Same transaction as the move: a denied or not_eligible case queues its refund here.
      return app.payments.followUpCase(tx, before.id);
    });
    await app.payments.startRefunds(pending);
    return readAdminCase(app.db, before.id);
  });

  app.post('/admin/requests/:id/notes', async (request): Promise<AdminCase> => {
    const actorUid = operatorUid(request);
    const { id } = parseWith(paramsSchema, request.params);
    const body = parseWith(adminNoteBodySchema, request.body);
    const before = await readAdminCase(app.db, id);
    await app.db.transaction((tx) =>
      addCaseNote(tx, {
        requestId: before.id,
        actor: 'operator',
        actorUid,
        internalNote: body.internalNote ?? null,
        messageToCustomer: body.messageToCustomer ?? null,
      }),
    );
    return readAdminCase(app.db, before.id);
  });

  app.post('/admin/requests/:id/assign', async (request): Promise<AdminCase> => {
    const actorUid = operatorUid(request);
    const { id } = parseWith(paramsSchema, request.params);
    const body = parseWith(adminAssignBodySchema, request.body);
    const before = await readAdminCase(app.db, id);
    await app.db.transaction((tx) =>
      assignCase(tx, {
        requestId: before.id,
        operatorUid: body.operatorUid,
        expectedVersion: body.expectedVersion,
        actorUid,
      }),
    );
    return readAdminCase(app.db, before.id);
  });

  app.post('/admin/requests/:id/refund', async (request): Promise<AdminCase> => {
    const actorUid = operatorUid(request);
    const { id } = parseWith(paramsSchema, request.params);
    const body = parseWith(adminRefundBodySchema, request.body);
    const before = await readAdminCase(app.db, id);
    // Queues the refund and its timeline note in one transaction, then calls the provider.
    await app.payments.refundInFull(before.id, { reason: body.reason, actorUid });
    return readAdminCase(app.db, before.id);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { statusTokenSchema } from '@unban/contract/requests';
import { statusTokenMatches } from '../../domain/status-token';
import { AppError } from '../../errors';
import { parseWith } from '../../http/parse-with';
import { findPaymentStatusRow } from '../../services/request-queries';
import { toPaymentStatus } from '../../services/request-views';

const statusQuerySchema = z.object({
  order: z.string({ error: 'Send the order reference or id.' }).trim().min(1).max(100),
  token: z.string().max(256).optional(),
});

/**
 * `GET /api/payments/status?order=…&token=…`: the payment-status screen, opened from the
 * checkout's return address or an e-mailed link. Public, but it answers only to the order's
 * status token or its signed-in owner; every other caller gets the same 404 as for an order
 * that does not exist. Polled while a payment is processing, so it is one indexed lookup.
 */
export const paymentStatusRoutes: FastifyPluginAsync = async (app) => {
  app.get('/payments/status', async (request, reply) => {
    const { order, token } = parseWith(statusQuerySchema, request.query);
    const row = await findPaymentStatusRow(app.db, order);
    const allowed =
      row !== undefined &&
      ((token !== undefined &&
        statusTokenSchema.safeParse(token).success &&
        statusTokenMatches(token, row.statusTokenHash)) ||
        (request.auth !== null && request.auth.uid === row.ownerUid));
    if (!row || !allowed) {
      throw new AppError('NOT_FOUND', 'We could not find this order. Check the link you followed.');
    }
    return reply.header('cache-control', 'no-store').send(toPaymentStatus(row));
  });
};

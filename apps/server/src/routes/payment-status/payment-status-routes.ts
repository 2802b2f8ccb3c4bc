import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paymentStatusQuerySchema,
  paymentStatusResponseSchema,
  statusTokenSchema,
} from '@unban/contract/requests';
import { statusTokenMatches } from '../../domain/status-token';
import { AppError } from '../../errors';
import { findPaymentStatusRow } from '../../services/request-queries';
import { toPaymentStatus } from '../../services/request-views';

/** How long a status read waits for the provider before answering with what it has. */
const RECONCILE_WAIT_MS = 3_000;

/** The work's result, or undefined when it takes longer (it goes on in the background). */
async function withinMs<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/payments/status?order=…&token=…`: the payment-status screen, opened from the
 * checkout's return address or an e-mailed link. Public, but it answers only to the order's
 * status token or its signed-in owner; every other caller gets the same 404 as for an order
 * that does not exist. Polled while a payment is processing, so it is one indexed lookup,
 * plus a throttled question to the provider while the payment is open.
 */
export const paymentStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/status',
    {
      config: { guard: 'status-token-or-owner', errors: ['NOT_FOUND'] },
      schema: {
        tags: ['payments'],
        summary: 'How the payment of one order stands',
        description: 'Takes the order reference (UB-…) or its id.',
        querystring: paymentStatusQuerySchema,
        response: { 200: paymentStatusResponseSchema },
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
      if (!row || !allowed) {
        throw new AppError(
          'NOT_FOUND',
          'We could not find this order. Check the link you followed.',
        );
      }
      reply.header('cache-control', 'no-store');
      // A lost webhook must not leave the customer waiting for ever: while the payment is
      // open, ask the provider (throttled per attempt), without making the poll hang on it.
      if (row.paymentState === 'unpaid' || row.paymentState === 'processing') {
        const asked = await withinMs(RECONCILE_WAIT_MS, app.payments.reconcileOpenAttempts(row.id));
        if (asked === true)
          return toPaymentStatus((await findPaymentStatusRow(app.db, order)) ?? row);
      }
      return toPaymentStatus(row);
    },
  );
};

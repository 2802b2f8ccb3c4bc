import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentStatusQuerySchema, paymentStatusResponseSchema } from '@unban/contract/requests';
import { AppError } from '../../errors';
import { plainJsonSerializer } from '../../plugins/route-contract';
import { readPaymentStatus } from './read-payment-status';

/** What every caller who may not see the order is told, as for one that does not exist. */
export const PAYMENT_NOT_FOUND_MESSAGE =
  'We could not find this order. Check the link you followed.';

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
      // The answer was checked against the contract as it was built (toPaymentStatus); a
      // parse on the way out cost 7% of the hottest read's CPU (decision 012).
      serializerCompiler: plainJsonSerializer,
      // The answer is a few hundred bytes, under the size worth compressing: skip the check.
      compress: false,
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
      const status = await readPaymentStatus(app, { order, token, uid: request.auth?.uid ?? null });
      if (!status) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
      reply.header('cache-control', 'no-store');
      return status;
    },
  );
};

import type { FastifyInstance } from 'fastify';
import { errorStatus } from '@unban/contract/errors';
import { paymentStatusQuerySchema } from '@unban/contract/requests';
import type { PaymentStatusPageReader, StatusPageAnswer } from '../../http/prerendered-pages';
import { PAYMENT_NOT_FOUND_MESSAGE } from './payment-status-routes';
import { readPaymentStatus } from './read-payment-status';

const notFound: StatusPageAnswer = {
  error: { status: errorStatus.NOT_FOUND, code: 'NOT_FOUND', message: PAYMENT_NOT_FOUND_MESSAGE },
};

/**
 * What the payment-status page (`/payment-status?order=…&token=…`, rendered by the server)
 * is rendered with: what `GET /api/payments/status` answers the same link, read the same way
 * (the contract's query schema, the token or nothing: a browser's navigation carries no
 * sign-in). A query the API would refuse, an unknown order and a wrong token all get the
 * API's not-found answer, so the page tells nothing the API does not. Without a token, or
 * when the read fails, there is no answer: the browser reads it (with the owner's sign-in),
 * and the page never fails because of it.
 */
export function paymentStatusPageReader(app: FastifyInstance): PaymentStatusPageReader {
  return async (query) => {
    const parsed = paymentStatusQuerySchema.safeParse({
      order: query.order,
      ...(query.token === null ? {} : { token: query.token }),
    });
    if (!parsed.success) return notFound;
    const { order, token } = parsed.data;
    if (token === undefined) return undefined;
    try {
      const status = await readPaymentStatus(app, { order, token, uid: null });
      return status ? { data: status } : notFound;
    } catch (error) {
      app.log.error({ err: error }, 'The payment-status page could not read the status');
      return undefined;
    }
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRequestBodySchema,
  createRequestResponseSchema,
  customerReplyBodySchema,
  requestDetailSchema,
  requestIdParamsSchema,
  requestListResponseSchema,
  retryPaymentQuerySchema,
  retryPaymentResponseSchema,
  statusTokenSchema,
} from '@unban/contract/requests';
import { cancelRequestBodySchema } from '@unban/contract/data-rights';
import { confirmOwnerReviewBodySchema } from '@unban/contract/owner-review';
import type { AuthContext } from '../../auth/auth-context';
import { statusTokenMatches } from '../../domain/status-token';
import { AppError } from '../../errors';
import { requireRole } from '../../plugins/auth';
import { createRequest } from '../../services/request-create';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../../services/request-idempotency';
import {
  findRequestById,
  findRequestByOrder,
  listOwnRequests,
  readRequestDetail,
} from '../../services/request-queries';
import { cancelRequest } from '../../services/request-cancel';
import { confirmOwnerReview } from '../../services/owner-review';
import { addCustomerReply } from '../../services/request-replies';
import { toRequestSummary } from '../../services/request-views';
import { createRequestQuotaCheck, defaultCreateRequestQuota } from './create-request-quota';
import type { CreateRequestQuota } from './create-request-quota';

export interface RequestRoutesOptions {
  quota?: CreateRequestQuota;
}

const tags = ['requests'];

const createRequestHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe(
      'A UUID (16 to 200 visible characters) per order the customer means to place: a repeated POST with it answers with the same request and checkout instead of a second one.',
    ),
});

function notFound(): AppError {
  // The same answer whether the request does not exist or belongs to someone else, so ids
  // cannot be probed.
  return new AppError('NOT_FOUND', 'We could not find this request.');
}

function signedIn(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.auth;
}

/**
 * The owner reads their request; so does staff, whose role is checked again against
 * Firebase (as the admin routes do) since this answer holds the full phone number.
 */
async function readableRequest(app: FastifyInstance, request: FastifyRequest, id: string) {
  const auth = signedIn(request);
  const row = await findRequestById(app.db, id);
  if (!row) throw notFound();
  if (row.ownerUid === auth.uid) return row;
  if (auth.role === 'customer') throw notFound();
  try {
    await requireRole('operator')(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') throw notFound();
    throw error;
  }
  return row;
}

/** Routes for the signed-in customer (an anonymous Firebase user counts). */
const customerRequestRoutes: FastifyPluginAsyncZod<RequestRoutesOptions> = async (app, options) => {
  const quotaCheck = createRequestQuotaCheck(app, options.quota ?? defaultCreateRequestQuota);

  app.post(
    '/requests',
    {
      config: { guard: 'signed-in', errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'] },
      schema: {
        tags,
        summary: 'Place an order: the request, and its first checkout',
        description:
          'The price comes from the plan; the client never sends an amount. Answers with the checkout address to send the customer to.',
        headers: createRequestHeadersSchema,
        body: createRequestBodySchema,
        response: { 201: createRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const idempotencyKey = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const result = await createRequest(
        {
          db: app.db,
          payments: app.payments,
          publicUrl: app.config.publicUrl,
          plans: app.config.identity.plans,
          localeCurrencies: app.config.identity.localeCurrencies,
          consumeQuota: () => quotaCheck(request, reply),
        },
        { ownerUid: auth.uid, body: request.body, idempotencyKey },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).header('cache-control', 'no-store').send(result.response);
    },
  );

  app.get(
    '/requests',
    {
      config: { guard: 'signed-in' },
      schema: {
        tags,
        summary: "The caller's own requests, newest first",
        response: { 200: requestListResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const rows = await listOwnRequests(app.db, auth.uid);
      reply.header('cache-control', 'no-store');
      return { requests: rows.map(toRequestSummary) };
    },
  );

  app.get(
    '/requests/:id',
    {
      config: { guard: 'signed-in', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'The case page: answers and timeline (the owner, or staff)',
        params: requestIdParamsSchema,
        response: { 200: requestDetailSchema },
      },
    },
    async (request, reply) => {
      const row = await readableRequest(app, request, request.params.id);
      reply.header('cache-control', 'no-store');
      return readRequestDetail(app.db, row);
    },
  );

  app.post(
    '/requests/:id/replies',
    {
      config: { guard: 'signed-in', errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        tags,
        summary: "The owner's answer while the case needs information",
        params: requestIdParamsSchema,
        body: customerReplyBodySchema,
        response: { 201: requestDetailSchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const row = await findRequestById(app.db, request.params.id);
      if (!row || row.ownerUid !== auth.uid) throw notFound();
      const updated = await addCustomerReply(app, {
        requestId: row.id,
        ownerUid: auth.uid,
        message: request.body.message,
      });
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await readRequestDetail(app.db, updated));
    },
  );

  app.post(
    '/requests/:id/owner-review/confirm',
    {
      config: { guard: 'signed-in', errors: ['NOT_FOUND', 'OWNER_REVIEW_NOT_REQUESTED'] },
      schema: {
        tags,
        summary: 'The owner confirms they sent the in-app review we asked them for',
        description:
          'Records the time and the appeal through the in-app review channel; a case in review moves to appeal submitted. Confirming again answers with the case unchanged.',
        params: requestIdParamsSchema,
        body: confirmOwnerReviewBodySchema,
        response: { 200: requestDetailSchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const updated = await confirmOwnerReview(app, {
        requestId: request.params.id,
        ownerUid: auth.uid,
      });
      return reply
        .header('cache-control', 'no-store')
        .send(await readRequestDetail(app.db, updated));
    },
  );

  app.post(
    '/requests/:id/cancel',
    {
      config: {
        guard: 'signed-in',
        errors: ['NOT_FOUND', 'CONFLICT', 'CASE_NOT_CANCELABLE'],
      },
      schema: {
        tags,
        summary:
          'The owner cancels before an operator starts work; a paid request is refunded in full',
        description:
          'Allowed while the case is awaiting payment or queued; answers CASE_NOT_CANCELABLE once an operator has started. Canceling a canceled request answers with it unchanged.',
        params: requestIdParamsSchema,
        body: cancelRequestBodySchema,
        response: { 200: requestDetailSchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const updated = await cancelRequest(app, {
        requestId: request.params.id,
        ownerUid: auth.uid,
      });
      return reply
        .header('cache-control', 'no-store')
        .send(await readRequestDetail(app.db, updated));
    },
  );
};

/** Retries one client address may make per minute; a person needs one or two. */
export const RETRY_PAYMENT_PER_MINUTE = 6;

/**
 * A new checkout after a failed, expired or abandoned one. The payment-status screen may be
 * opened from the e-mailed link without signing in, so the status token also grants this;
 * that screen knows the order by its reference only, which is taken in place of the id.
 */
const retryPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/requests/:id/retry-payment',
    {
      config: {
        guard: 'status-token-or-owner',
        errors: ['NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
        // Each call asks the provider for a session: far fewer than the general limit.
        rateLimit: { max: RETRY_PAYMENT_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'A new checkout after a failed, expired or abandoned one',
        description: 'Takes the request id or its reference (UB-…).',
        params: requestIdParamsSchema,
        querystring: retryPaymentQuerySchema,
        response: { 201: retryPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const row = await findRequestByOrder(app.db, request.params.id);
      if (!row) throw notFound();
      const validToken =
        token !== undefined &&
        statusTokenSchema.safeParse(token).success &&
        statusTokenMatches(token, row.statusTokenHash);
      const isOwner = request.auth !== null && request.auth.uid === row.ownerUid;
      if (!validToken && !isOwner) throw notFound();

      let opened;
      try {
        opened = await app.payments.openCheckout({
          requestId: row.id,
          statusToken: validToken ? token : null,
          reuseOpenAttempt: false,
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The payment page could not be opened. Please try again in a moment.',
          { cause: error },
        );
      }
      if (!opened.ok) throw new AppError('CONFLICT', opened.reason);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ checkoutUrl: opened.checkoutUrl });
    },
  );
};

/** `/api/requests…`: the customer's unban requests. */
export const requestRoutes: FastifyPluginAsyncZod<RequestRoutesOptions> = async (app, options) => {
  // Only our own option: the prefix in `options` is already applied to this scope.
  await app.register(customerRequestRoutes, { quota: options.quota });
  await app.register(retryPaymentRoutes);
};

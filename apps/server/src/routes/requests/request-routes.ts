import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createRequestBodySchema,
  customerReplyBodySchema,
  statusTokenSchema,
} from '@unban/contract/requests';
import type {
  CreateRequestResponse,
  RequestDetail,
  RequestListResponse,
  RetryPaymentResponse,
} from '@unban/contract/requests';
import type { AuthContext } from '../../auth/auth-context';
import { statusTokenMatches } from '../../domain/status-token';
import { AppError } from '../../errors';
import { parseWith } from '../../http/parse-with';
import { requireRole, requireUser } from '../../plugins/auth';
import type { RequestRow } from '../../services/case-transitions';
import { openCheckout } from '../../services/request-checkout';
import type { OpenCheckoutResult } from '../../services/request-checkout';
import { createRequest } from '../../services/request-create';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../../services/request-idempotency';
import {
  findRequestById,
  findRequestByOrder,
  listOwnRequests,
  listTimeline,
} from '../../services/request-queries';
import { addCustomerReply } from '../../services/request-replies';
import { toRequestDetail, toRequestSummary } from '../../services/request-views';
import { createRequestQuotaCheck, defaultCreateRequestQuota } from './create-request-quota';
import type { CreateRequestQuota } from './create-request-quota';

export interface RequestRoutesOptions {
  quota?: CreateRequestQuota;
}

const idParamsSchema = z.object({ id: z.string().max(100) });
const retryQuerySchema = z.object({ token: z.string().max(256).optional() });

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
async function readableRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<RequestRow> {
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

async function detailOf(app: FastifyInstance, row: RequestRow): Promise<RequestDetail> {
  return toRequestDetail(row, await listTimeline(app.db, row.id));
}

/** Routes for the signed-in customer (an anonymous Firebase user counts). */
const customerRequestRoutes: FastifyPluginAsync<RequestRoutesOptions> = async (app, options) => {
  app.addHook('preHandler', requireUser);
  const quotaCheck = createRequestQuotaCheck(app, options.quota ?? defaultCreateRequestQuota);

  app.post('/requests', async (request, reply) => {
    const auth = signedIn(request);
    const body = parseWith(createRequestBodySchema, request.body);
    const idempotencyKey = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
    const result = await createRequest(
      {
        db: app.db,
        checkout: app.payments,
        publicUrl: app.config.publicUrl,
        consumeQuota: () => quotaCheck(request, reply),
      },
      { ownerUid: auth.uid, body, idempotencyKey },
    );
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    const response: CreateRequestResponse = result.response;
    return reply.code(201).header('cache-control', 'no-store').send(response);
  });

  app.get('/requests', async (request, reply) => {
    const auth = signedIn(request);
    const rows = await listOwnRequests(app.db, auth.uid);
    const response: RequestListResponse = { requests: rows.map(toRequestSummary) };
    return reply.header('cache-control', 'no-store').send(response);
  });

  app.get('/requests/:id', async (request, reply) => {
    const { id } = parseWith(idParamsSchema, request.params);
    const row = await readableRequest(app, request, id);
    return reply.header('cache-control', 'no-store').send(await detailOf(app, row));
  });

  app.post('/requests/:id/replies', async (request, reply) => {
    const auth = signedIn(request);
    const { id } = parseWith(idParamsSchema, request.params);
    const row = await findRequestById(app.db, id);
    if (!row || row.ownerUid !== auth.uid) throw notFound();
    const { message } = parseWith(customerReplyBodySchema, request.body);
    const updated = await addCustomerReply(app.db, {
      requestId: row.id,
      ownerUid: auth.uid,
      message,
    });
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send(await detailOf(app, updated));
  });
};

/**
 * A new checkout after a failed, expired or abandoned one. The payment-status screen may be
 * opened from the e-mailed link without signing in, so the status token also grants this;
 * that screen knows the order by its reference only, which is taken in place of the id.
 */
const retryPaymentRoutes: FastifyPluginAsync = async (app) => {
  app.post('/requests/:id/retry-payment', async (request, reply) => {
    const { id } = parseWith(idParamsSchema, request.params);
    const { token } = parseWith(retryQuerySchema, request.query);
    const row = await findRequestByOrder(app.db, id);
    if (!row) throw notFound();
    const validToken =
      token !== undefined &&
      statusTokenSchema.safeParse(token).success &&
      statusTokenMatches(token, row.statusTokenHash);
    const isOwner = request.auth !== null && request.auth.uid === row.ownerUid;
    if (!validToken && !isOwner) throw notFound();

    let opened: OpenCheckoutResult;
    try {
      opened = await openCheckout(app.db, app.payments, {
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
    const response: RetryPaymentResponse = { checkoutUrl: opened.checkoutUrl };
    return reply.code(201).header('cache-control', 'no-store').send(response);
  });
};

/** `/api/requests…`: the customer's unban requests. */
export const requestRoutes: FastifyPluginAsync<RequestRoutesOptions> = async (app, options) => {
  // Only our own option: the prefix in `options` is already applied to this scope.
  await app.register(customerRequestRoutes, { quota: options.quota });
  await app.register(retryPaymentRoutes);
};

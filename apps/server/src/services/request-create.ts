import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { documentUrl, paths } from '@unban/contract/paths';
import { planPriceFor } from '@unban/contract/plans';
import type { LocaleCurrencies, Plans } from '@unban/contract/plans';
import type { CreateRequestBody, CreateRequestResponse } from '@unban/contract/requests';
import { newId } from '../domain/random-pool';
import type { Database } from '../db/client';
import { requests } from '../db/schema';
import { generateReference } from '../domain/reference';
import { createStatusToken } from '../domain/status-token';
import { AppError } from '../errors';
import type { FirstCheckout, Payments } from '../payments/payments-plugin';
import { insertNewRequest } from './request-insert';
import type { NewRequestValues } from './request-insert';
import {
  IDEMPOTENCY_WINDOW_HOURS,
  idempotencyKeyHash,
  requestFingerprint,
  sealStatusToken,
  unsealStatusToken,
} from './request-idempotency';

export interface CreateRequestDeps {
  db: Database;
  payments: Pick<Payments, 'openCheckout' | 'openFirstSession'>;
  /** The site's own address, for links back to the payment-status screen. */
  publicUrl: string;
  /** The site identity's plans: the price charged is the chosen plan's, never the client's. */
  plans: Plans;
  /** The currency each language is charged in, when the plan is priced in it. */
  localeCurrencies: LocaleCurrencies;
  /** Counts one new request against the caller's quotas; throws RATE_LIMITED when spent. */
  consumeQuota: () => Promise<void>;
  /** Reference generator; replaceable so tests can force a clash. */
  newReference?: () => string;
}

export interface CreateRequestInput {
  ownerUid: string;
  body: CreateRequestBody;
  idempotencyKey: string | null;
}

export interface CreateRequestResult {
  response: CreateRequestResponse;
  /** true when an earlier submission with the same Idempotency-Key answered. */
  replayed: boolean;
}

export const REQUEST_RECEIVED_MESSAGE =
  'Request received. Your case joins the queue as soon as your payment is confirmed.';

const IDEMPOTENCY_INDEX = 'requests_owner_uid_idempotency_key_hash_idx';
const REFERENCE_ATTEMPTS = 5;

/** Postgres unique_violation (23505) on `constraint`, however the driver wraps it. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const record = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (record.code === '23505' && record.constraint === constraint) return true;
    current = record.cause;
  }
  return false;
}

const windowStart = sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`;

interface IdempotencyContext {
  key: string;
  keyHash: string;
  fingerprint: string;
}

/** The request an earlier POST with this key made within the window, answered again. */
async function replay(
  deps: CreateRequestDeps,
  input: CreateRequestInput,
  idempotency: IdempotencyContext,
): Promise<CreateRequestResult | null> {
  const [earlier] = await deps.db
    .select({
      id: requests.id,
      reference: requests.reference,
      locale: requests.locale,
      fingerprint: requests.idempotencyFingerprint,
      sealedToken: requests.idempotencySealedToken,
    })
    .from(requests)
    .where(
      and(
        eq(requests.ownerUid, input.ownerUid),
        eq(requests.idempotencyKeyHash, idempotency.keyHash),
        gt(requests.createdAt, windowStart),
      ),
    )
    .limit(1);
  if (!earlier) return null;
  if (earlier.fingerprint !== idempotency.fingerprint) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    );
  }
  const statusToken =
    earlier.sealedToken === null
      ? null
      : unsealStatusToken(earlier.sealedToken, input.ownerUid, idempotency.key);
  if (statusToken === null) {
    throw new Error(`The status token of request ${earlier.id} cannot be unsealed`);
  }
  const opened = await deps.payments.openCheckout({
    requestId: earlier.id,
    statusToken,
    reuseOpenAttempt: true,
  });
  // Already paid (or closed): the customer's next stop is the order's status, not a checkout.
  const checkoutUrl = opened.ok
    ? opened.checkoutUrl
    : documentUrl(
        deps.publicUrl,
        paths.paymentStatus.to({ order: earlier.reference, token: statusToken }),
        earlier.locale,
      );
  return {
    response: { id: earlier.id, reference: earlier.reference, statusToken, checkoutUrl },
    replayed: true,
  };
}

/** A new request ready to be saved: its reference drawn and its first checkout asked for. */
interface DraftRequest {
  request: NewRequestValues;
  /** The checkout it is saved with; null when the provider could not open one. */
  checkout: FirstCheckout | null;
  /** Why the provider could not open it (set when checkout is null). */
  providerError: unknown;
}

const FIRST_TIMELINE_ROW = {
  messageToCustomer: REQUEST_RECEIVED_MESSAGE,
  notice: { kind: 'request_received' },
} as const;

/**
 * Draws a reference and asks the provider for the first checkout, so that the request is
 * saved with it in one statement (decision 012). A provider failure does not lose the order:
 * the draft goes on without a checkout, and is not asked again when a reference is drawn again.
 */
async function draftRequest(
  deps: CreateRequestDeps,
  values: Omit<NewRequestValues, 'reference'>,
  statusToken: string,
  providerError: unknown = null,
): Promise<DraftRequest> {
  const request = { ...values, reference: (deps.newReference ?? generateReference)() };
  if (providerError !== null) return { request, checkout: null, providerError };
  try {
    const checkout = await deps.payments.openFirstSession(request, statusToken);
    return { request, checkout, providerError: null };
  } catch (error) {
    return { request, checkout: null, providerError: error };
  }
}

/**
 * Saves the draft. 40 random bits make a taken reference rare, and the unique index makes it
 * harmless: another is drawn, and the provider asked again (the session carries the
 * reference); the unused session expires unpaid.
 */
async function saveDraft(
  deps: CreateRequestDeps,
  values: Omit<NewRequestValues, 'reference'>,
  statusToken: string,
  first: DraftRequest,
): Promise<DraftRequest> {
  let draft = first;
  for (let attempt = 1; ; attempt += 1) {
    if (await insertNewRequest(deps.db, draft.request, FIRST_TIMELINE_ROW, draft.checkout)) {
      return draft;
    }
    if (attempt === REFERENCE_ATTEMPTS) {
      throw new Error(`No free reference after ${REFERENCE_ATTEMPTS} attempts`);
    }
    draft = await draftRequest(deps, values, statusToken, draft.providerError);
  }
}

/** Frees an Idempotency-Key from a request made with it before the window: it may start a new one. */
async function releaseExpiredKey(
  db: Database,
  ownerUid: string,
  idempotency: IdempotencyContext,
): Promise<void> {
  await db
    .update(requests)
    .set({
      idempotencyKeyHash: null,
      idempotencyFingerprint: null,
      idempotencySealedToken: null,
    })
    .where(
      and(
        eq(requests.ownerUid, ownerUid),
        eq(requests.idempotencyKeyHash, idempotency.keyHash),
        lte(requests.createdAt, windowStart),
      ),
    );
}

function newRequestValues(
  deps: CreateRequestDeps,
  input: CreateRequestInput,
  idempotency: IdempotencyContext | null,
  statusToken: { token: string; hash: string },
): Omit<NewRequestValues, 'reference'> {
  const { body, ownerUid } = input;
  const plan = deps.plans[body.plan];
  const price = planPriceFor(plan, body.locale, deps.localeCurrencies);
  return {
    id: newId(),
    ownerUid,
    statusTokenHash: statusToken.hash,
    messagingApp: body.messagingApp,
    phoneE164: body.phone,
    accountType: body.accountType,
    device: body.device,
    banMessage: body.banMessage,
    bannedAtApprox: body.bannedAt,
    usage: body.usage,
    contactEmail: body.contactEmail.toLowerCase(),
    locale: body.locale,
    plan: plan.id,
    // The price is the plan's in the customer's currency, copied now so that a later
    // price change, or a change of language, never alters an order.
    priceAmount: price.amountMinor,
    currency: price.currency,
    idempotencyKeyHash: idempotency?.keyHash ?? null,
    idempotencyFingerprint: idempotency?.fingerprint ?? null,
    idempotencySealedToken: idempotency
      ? sealStatusToken(statusToken.token, ownerUid, idempotency.key)
      : null,
  };
}

/**
 * Creates an unban request with its first checkout. The provider is asked first and the
 * request saved with its attempt in one statement; when the provider fails, the request is
 * saved all the same, waiting for payment: the answer is then 503 with its reference, and
 * trying again (the same POST with the same Idempotency-Key, or retry-payment) opens the
 * checkout.
 */
export async function createRequest(
  deps: CreateRequestDeps,
  input: CreateRequestInput,
): Promise<CreateRequestResult> {
  const idempotency: IdempotencyContext | null = input.idempotencyKey
    ? {
        key: input.idempotencyKey,
        keyHash: idempotencyKeyHash(input.ownerUid, input.idempotencyKey),
        fingerprint: requestFingerprint(input.body),
      }
    : null;
  if (idempotency) {
    const earlier = await replay(deps, input, idempotency);
    if (earlier) return earlier;
  }

  // Only new requests count against the quota; answering a repeat again costs nothing.
  await deps.consumeQuota();
  const statusToken = createStatusToken();
  const values = newRequestValues(deps, input, idempotency, statusToken);
  const draft = await draftRequest(deps, values, statusToken.token);
  let saved: DraftRequest;
  try {
    saved = await saveDraft(deps, values, statusToken.token, draft);
  } catch (error) {
    if (!idempotency || !isUniqueViolation(error, IDEMPOTENCY_INDEX)) throw error;
    // The same key sent twice at once: the other submission won the race, answer with it
    // (the checkout this one opened is never used and expires unpaid).
    const earlier = await replay(deps, input, idempotency);
    if (earlier) return earlier;
    // Or the key's request is older than the window: the key may start this one instead,
    // with the checkout already opened for it.
    await releaseExpiredKey(deps.db, input.ownerUid, idempotency);
    saved = await saveDraft(deps, values, statusToken.token, draft);
  }

  const { request, checkout } = saved;
  if (checkout === null) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `We saved your request ${request.reference}, but the payment page could not be opened. Please try again in a moment.`,
      { cause: saved.providerError },
    );
  }
  return {
    response: {
      id: request.id,
      reference: request.reference,
      statusToken: statusToken.token,
      checkoutUrl: checkout.session.url,
    },
    replayed: false,
  };
}

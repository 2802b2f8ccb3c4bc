import { desc, eq, sql } from 'drizzle-orm';
import type { PaymentState } from '@unban/contract/payment-states';
import { newId } from '../domain/random-pool';
import { payments, requests } from '../db/schema';
import type { RequestRow } from '../db/schema';
import { AppError } from '../errors';
import { openProviderSession, recordCheckout } from './checkout';
import type { PaymentServiceDeps } from './service-deps';

/** A new checkout may be opened only while nothing is paid or being paid. */
const payableStates: readonly PaymentState[] = ['unpaid', 'failed', 'expired'];

/**
 * Checkouts one request may ask of the provider, failed calls included. A person retrying
 * after declined cards stays far below; a script hammering retry-payment does not.
 */
export const MAX_CHECKOUT_ATTEMPTS = 10;

/**
 * How long one server may take to open a checkout before another may try: longer than the
 * provider client's own timeout with retries (stripe.ts), so a slow call is not doubled.
 */
const OPENING_LEASE_MS = 60_000;
/** How often a caller waiting for another's checkout looks again. */
const OPENING_POLL_MS = 200;

/** Why a request cannot take a payment now, for the customer; null when it can. */
export function whyNotPayable(row: RequestRow): string | null {
  if (row.caseState === 'canceled') return 'This request was canceled, so it cannot be paid.';
  if (row.paymentState === 'processing') {
    return 'Your payment is still being processed. Wait for it to finish before paying again.';
  }
  if (row.caseState !== 'awaiting_payment' || !payableStates.includes(row.paymentState)) {
    return 'This request is already paid, so there is nothing more to pay.';
  }
  return null;
}

export interface OpenCheckoutInput {
  requestId: string;
  /**
   * Goes into the return address so the status screen can read the order; null when the
   * caller is the signed-in owner without the token, so the screen reads the order with
   * their sign-in instead.
   */
  statusToken: string | null;
  /**
   * Send the customer back to the latest attempt when it is still open, instead of opening
   * another one (a repeated submission must not leave two payable sessions behind). When
   * false (a retry asks for a fresh checkout), only an attempt opened after the call began is
   * reused: the one a concurrent retry (a double click, a second tab) opened meanwhile.
   */
  reuseOpenAttempt: boolean;
}

export type OpenCheckoutResult =
  | { ok: true; checkoutUrl: string; request: RequestRow }
  | { ok: false; reason: string; request: RequestRow };

type Reservation =
  | { kind: 'done'; result: OpenCheckoutResult }
  | { kind: 'busy' }
  | { kind: 'reserved'; request: RequestRow };

/**
 * The short first transaction: checks the request, reuses an open attempt created at or
 * after `reuseOpenedSince`, or takes the opening lease and counts the attempt. Nothing is
 * held when it returns.
 */
function reserve(deps: PaymentServiceDeps, input: OpenCheckoutInput, reuseOpenedSince: Date) {
  return deps.db.transaction(async (tx): Promise<Reservation> => {
    const [request] = await tx
      .select()
      .from(requests)
      .where(eq(requests.id, input.requestId))
      .for('update');
    if (!request) throw new AppError('NOT_FOUND', 'We could not find this request.');
    const reason = whyNotPayable(request);
    if (reason !== null) return { kind: 'done', result: { ok: false, reason, request } };

    const [latest] = await tx
      .select({
        state: payments.state,
        checkoutUrl: payments.checkoutUrl,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.requestId, request.id))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1);
    if (latest?.state === 'unpaid' && latest.checkoutUrl && latest.createdAt >= reuseOpenedSince) {
      return { kind: 'done', result: { ok: true, checkoutUrl: latest.checkoutUrl, request } };
    }
    if (request.checkoutOpeningUntil !== null && request.checkoutOpeningUntil > new Date()) {
      return { kind: 'busy' };
    }
    if (request.checkoutAttempts >= MAX_CHECKOUT_ATTEMPTS) {
      throw new AppError(
        'CONFLICT',
        'There have been too many payment attempts for this request. Please write to us in the chat and we will help you pay.',
      );
    }
    const [reserved] = await tx
      .update(requests)
      .set(reservedColumns())
      .where(eq(requests.id, request.id))
      .returning();
    if (!reserved) throw new Error(`Request ${request.id} vanished`);
    return { kind: 'reserved', request: reserved };
  });
}

/** The columns that count an attempt and take the opening lease (see reserve). */
const reservedColumns = () => ({
  checkoutAttempts: sql`${requests.checkoutAttempts} + 1`,
  checkoutOpeningUntil: sql`now() + make_interval(secs => ${OPENING_LEASE_MS / 1000})`,
  // Bookkeeping, not a change of the case: the back office's order stays as it was.
  updatedAt: sql`${requests.updatedAt}`,
});

async function releaseLease(deps: PaymentServiceDeps, requestId: string): Promise<void> {
  await deps.db
    .update(requests)
    .set({ checkoutOpeningUntil: null, updatedAt: sql`${requests.updatedAt}` })
    .where(eq(requests.id, requestId));
}

/**
 * Opens (or reuses) a checkout for a request that still waits for payment, in three steps
 * so that no transaction is open while the provider is asked (a provider call may take
 * seconds with retries; on PGlite every other query would wait behind it):
 * 1. a short transaction checks the request, reuses an open attempt or takes a lease and
 *    counts the attempt (at most MAX_CHECKOUT_ATTEMPTS);
 * 2. the provider opens the session;
 * 3. a second short transaction records the attempt and frees the lease.
 * A concurrent call for the same request waits for the lease and then reuses the attempt,
 * so two concurrent calls still open one checkout, whichever reaches the database first. If the provider fails, the lease is freed
 * and the request stays `awaiting_payment` for the next try.
 * @throws AppError NOT_FOUND; CONFLICT after too many attempts; SERVICE_UNAVAILABLE when
 *   the provider cannot open the checkout
 */
export async function openCheckout(
  deps: PaymentServiceDeps,
  input: OpenCheckoutInput,
): Promise<OpenCheckoutResult> {
  const waitUntil = Date.now() + OPENING_LEASE_MS;
  // The creation time is the database's and this the server's clock: a skew between them only
  // moves which attempts of the same instant count as new, never reuses an older one for long.
  const reuseOpenedSince = input.reuseOpenAttempt ? new Date(0) : new Date();
  let reservation = await reserve(deps, input, reuseOpenedSince);
  while (reservation.kind === 'busy') {
    if (Date.now() > waitUntil) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The payment page is still being opened. Please try again in a moment.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, OPENING_POLL_MS));
    // After waiting for another caller's checkout, send this one to it as well: it was opened
    // after this call began.
    reservation = await reserve(deps, input, reuseOpenedSince);
  }
  if (reservation.kind === 'done') return reservation.result;

  const { request } = reservation;
  const paymentId = newId();
  let session;
  try {
    session = await openProviderSession(deps, request, input.statusToken, paymentId);
  } catch (error) {
    await releaseLease(deps, request.id);
    throw error;
  }
  const recorded = await deps.db.transaction(async (tx) => {
    // Lock order everywhere: request, then its payments. Read again: a webhook for an
    // earlier attempt may have moved it meanwhile.
    const [fresh] = await tx
      .select()
      .from(requests)
      .where(eq(requests.id, request.id))
      .for('update');
    if (!fresh) throw new Error(`Request ${request.id} vanished`);
    await recordCheckout(deps, tx, fresh, paymentId, session);
    const [released] = await tx
      .update(requests)
      .set({ checkoutOpeningUntil: null, updatedAt: sql`${requests.updatedAt}` })
      .where(eq(requests.id, request.id))
      .returning();
    return released ?? fresh;
  });
  return { ok: true, checkoutUrl: session.url, request: recorded };
}

import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { paymentEvents, payments, requests } from '../db/schema';
import { foldPaymentEvents, isExpectedPaymentMove } from '../domain/payment-machine';
import type { PaymentRow } from '../db/schema';
import type { ProviderSession, VerifiedWebhookEvent, WebhookHeaders } from './providers/provider';
import { PaymentProviderError } from './providers/provider';
import { factsFromSession } from './session-facts';
import { isHandledEventType, parseWebhookEvent } from './providers/webhook-event';
import type { PendingRefunds } from './settlement';
import type { PaymentServiceDeps } from './service-deps';
import { settleRequestPayments } from './settlement';

export type WebhookOutcome =
  /** Acted on (even when the truth had not changed since the last event). */
  | 'processed'
  /** This event id was processed before: a redelivery, nothing done. */
  | 'duplicate'
  /** Not a type we act on, or about a session that is not ours; stored and acknowledged. */
  | 'ignored';

export interface WebhookResult {
  outcome: WebhookOutcome;
  refunds: PendingRefunds;
}

const nothing: PendingRefunds = [];

async function markProcessed(executor: Database | Transaction, eventId: string): Promise<void> {
  await executor
    .update(paymentEvents)
    .set({ processedAt: new Date() })
    .where(and(eq(paymentEvents.providerEventId, eventId), isNull(paymentEvents.processedAt)));
}

/**
 * Reads the provider's truth about one session and applies it: the attempt's state becomes
 * the join of what it was and what the truth proves (payment-machine.ts), then the request
 * settles (payment-settlement.ts). With `eventId`, the inbox row is locked first and marked
 * processed in the same transaction, so one event is acted on once even when two
 * deliveries of it run at the same time.
 *
 * The provider is asked BEFORE the transaction: no lock is held over a network call, and
 * a truth read a moment early is still a fact (states only move up, joins commute), so
 * a concurrent newer read cannot be undone by this one.
 */
export async function applyProviderTruth(
  deps: PaymentServiceDeps,
  sessionId: string,
  eventId: string | null,
): Promise<WebhookResult> {
  return applyTruth(deps, sessionId, await deps.provider.retrieveSession(sessionId), eventId);
}

/** The stored columns of an attempt that the provider's truth may change. */
type StoredAttempt = Pick<
  PaymentRow,
  'state' | 'amount' | 'currency' | 'refundedAmount' | 'providerPaymentIntent'
>;

/**
 * What the provider's truth makes of a stored attempt: its state joined with what the truth
 * proves, the refunded amount (never less than known, never more than paid), the payment
 * intent once known; and whether any of them differs from what is stored.
 */
function truthOnAttempt(attempt: StoredAttempt, truth: ProviderSession) {
  const { facts, problem } = factsFromSession(truth, {
    amount: attempt.amount,
    currency: attempt.currency,
  });
  const state = foldPaymentEvents(facts, attempt.state);
  const refundedAmount = Math.min(
    attempt.amount,
    Math.max(attempt.refundedAmount, truth.amountRefunded),
  );
  const providerPaymentIntent = attempt.providerPaymentIntent ?? truth.paymentIntentId;
  const changed =
    state !== attempt.state ||
    refundedAmount !== attempt.refundedAmount ||
    providerPaymentIntent !== attempt.providerPaymentIntent;
  return { state, refundedAmount, providerPaymentIntent, problem, changed };
}

/** applyProviderTruth with the truth already read from the provider. */
function applyTruth(
  deps: PaymentServiceDeps,
  sessionId: string,
  truth: ProviderSession,
  eventId: string | null,
): Promise<WebhookResult> {
  return deps.db.transaction(async (tx) => {
    if (eventId !== null) {
      const [event] = await tx
        .select({ processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(eq(paymentEvents.providerEventId, eventId))
        .for('update');
      if (event?.processedAt) return { outcome: 'duplicate', refunds: nothing };
    }

    const [located] = await tx
      .select({ id: payments.id, requestId: payments.requestId })
      .from(payments)
      .where(
        and(eq(payments.providerSessionId, sessionId), eq(payments.provider, deps.provider.name)),
      );
    if (!located) {
      // Our sessions carry our payment id. One of ours that took money but has no row
      // (its row is not written yet, or the transaction that was to write it failed) must
      // not be forgotten: fail, so the provider delivers again and the logs show it. Without
      // money there is nothing to keep; a session without our id is someone else's.
      if (truth.metadata.paymentId && truth.status === 'complete') {
        throw new PaymentProviderError(
          `Session ${sessionId} names payment ${truth.metadata.paymentId}, which is not stored`,
        );
      }
      if (eventId !== null) await markProcessed(tx, eventId);
      return { outcome: 'ignored', refunds: nothing };
    }

    // Lock order everywhere: request, then its payments (as case moves do).
    await tx
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.id, located.requestId))
      .for('update');
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, located.id))
      .for('update');
    if (!payment) throw new Error(`Payment ${located.id} vanished`);

    const current = payment.state;
    const applied = truthOnAttempt(payment, truth);
    if (applied.problem) deps.log.error({ paymentId: payment.id, sessionId }, applied.problem);
    const next = applied.state;

    if (next !== current && !isExpectedPaymentMove(current, next)) {
      // Legal for the fold, but the provider contradicted itself (e.g. failed, then paid).
      deps.log.warn(
        { paymentId: payment.id, sessionId, from: current, to: next },
        'payment moved in an unexpected way; an operator should look at it',
      );
    }
    if (applied.changed) {
      await tx
        .update(payments)
        .set({
          state: next,
          refundedAmount: applied.refundedAmount,
          providerPaymentIntent: applied.providerPaymentIntent,
        })
        .where(eq(payments.id, payment.id));
    }

    const refunds = await settleRequestPayments(tx, payment.requestId, deps.calendar);
    if (eventId !== null) await markProcessed(tx, eventId);
    return { outcome: 'processed', refunds };
  });
}

/**
 * The webhook handler, for every provider: verify the signature on the raw body, store the
 * event in the inbox (its id is unique, so a redelivery finds it there), then act on the
 * provider's truth about the session it points at.
 *
 * @throws InvalidWebhookError (answer 400) when the event is not genuine
 * @throws PaymentProviderError (answer 503, the provider retries) when the truth cannot
 *   be read or the payment is not stored yet
 */
export async function handlePaymentWebhook(
  deps: PaymentServiceDeps,
  rawBody: Buffer,
  headers: WebhookHeaders,
): Promise<WebhookResult> {
  const event = deps.provider.verifyWebhook(rawBody, headers);

  const inserted = await deps.db
    .insert(paymentEvents)
    .values({
      provider: deps.provider.name,
      providerEventId: event.id,
      type: event.type,
      payload: event.payload,
    })
    .onConflictDoNothing({ target: paymentEvents.providerEventId })
    .returning({ id: paymentEvents.id });
  if (inserted.length === 0) {
    // Seen before. Processed: a redelivery, nothing to do. Not processed: the earlier
    // attempt failed half way (or is running right now, which the lock below sorts out).
    const [existing] = await deps.db
      .select({ processedAt: paymentEvents.processedAt })
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, event.id));
    if (existing?.processedAt) return { outcome: 'duplicate', refunds: nothing };
  }

  return actOnStoredEvent(deps, event);
}

/** Acts on an event already in the inbox: on the truth of the session it points at. */
async function actOnStoredEvent(
  deps: PaymentServiceDeps,
  event: Pick<VerifiedWebhookEvent, 'id' | 'type' | 'object'>,
): Promise<WebhookResult> {
  if (!isHandledEventType(event.type) || event.object.kind === 'other') {
    await markProcessed(deps.db, event.id);
    return { outcome: 'ignored', refunds: nothing };
  }

  const sessionId =
    event.object.kind === 'checkout_session'
      ? event.object.id
      : await deps.provider.sessionIdForCharge(event.object.id);
  if (sessionId === null) {
    await markProcessed(deps.db, event.id);
    return { outcome: 'ignored', refunds: nothing };
  }
  return applyProviderTruth(deps, sessionId, event.id);
}

/**
 * A stored event is left this long to the delivery that stored it before the inbox replay
 * acts on it: longer than any handler runs, so the two rarely meet (and when they do, the
 * row lock in applyProviderTruth lets one of them act).
 */
export const INBOX_REPLAY_AFTER_MS = 30_000;

/**
 * Acts on inbox events that were stored but never acted on: the process stopped between
 * storing an event and acting on it. A provider that retries until acknowledged (Stripe)
 * delivers them again anyway; the sandbox delivers each event once, in process, so without
 * this its event would wait for ever. Oldest first, a batch per call.
 * @returns refunds queued by the settlements, to start after this returns
 */
export async function replayUnprocessedEvents(
  deps: PaymentServiceDeps,
  { olderThanMs = INBOX_REPLAY_AFTER_MS, limit = 50 } = {},
): Promise<{ replayed: number; refunds: PendingRefunds }> {
  const rows = await deps.db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, deps.provider.name),
        isNull(paymentEvents.processedAt),
        lt(paymentEvents.receivedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(limit);
  const refunds: string[] = [];
  for (const row of rows) {
    // The stored record was verified before it was stored; it keeps what routing needs.
    const event = parseWebhookEvent(JSON.stringify(row.payload));
    const result = await actOnStoredEvent(deps, event);
    refunds.push(...result.refunds);
  }
  return { replayed: rows.length, refunds };
}

/**
 * Re-reads the provider's truth about one attempt without an event: after our own refund
 * call, or when a screen asks about a payment whose webhook may be late or lost.
 * @returns refunds queued by the settlement, to start after this returns
 */
export async function reconcilePayment(
  deps: PaymentServiceDeps,
  paymentId: string,
): Promise<PendingRefunds> {
  const [payment] = await deps.db
    .select({
      sessionId: payments.providerSessionId,
      provider: payments.provider,
      state: payments.state,
      amount: payments.amount,
      currency: payments.currency,
      refundedAmount: payments.refundedAmount,
      providerPaymentIntent: payments.providerPaymentIntent,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return payment ? reconcileAttempt(deps, payment) : nothing;
}

/** An attempt as stored, with what asking the provider about it takes. */
export type AttemptToAsk = StoredAttempt & { sessionId: string; provider: string };

/**
 * reconcilePayment with the attempt's row already read (a look at a request's open
 * attempts reads them as it claims them: stale-attempts.ts).
 * @returns refunds queued by the settlement, to start after this returns
 */
export async function reconcileAttempt(
  deps: PaymentServiceDeps,
  payment: AttemptToAsk,
): Promise<PendingRefunds> {
  if (payment.provider !== deps.provider.name) return nothing;
  const truth = await deps.provider.retrieveSession(payment.sessionId);
  // Most looks find nothing new (a status screen polling while the customer pays): then the
  // transaction would lock the request and its attempts to write nothing, six statements of
  // the eleven a look cost (decision 012). The row was read without a lock, but states and
  // refunded amounts only grow (payment-machine.ts: a join), so a truth that adds nothing
  // to this row adds nothing to a newer one either. A truth with a problem goes through, so
  // the problem is logged.
  const applied = truthOnAttempt(payment, truth);
  if (!applied.changed && applied.problem === null) return nothing;
  return (await applyTruth(deps, payment.sessionId, truth, null)).refunds;
}

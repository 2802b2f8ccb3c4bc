import { eq, sql } from 'drizzle-orm';
import { notifyCaseChanged } from '../db/case-change-notice';
import type { Database, Transaction } from '../db/client';
import { outbox, payments, requests } from '../db/schema';
import type { PaymentRow, RequestRow } from '../db/schema';
import { applyPaymentEvent, canRequestRefund } from '../domain/payment-machine';
import type { RefundReason } from '../domain/payment-follow-up';
import type { Attempt } from '../domain/attempt-funding';
import { requestPaymentState } from '../domain/attempt-funding';

export type Executor = Database | Transaction;

/** Why a refund was started: the follow-up rules' reasons, or an operator's decision. */
export type RefundCause = RefundReason | 'operator';

/** The outbox job that calls the provider's refund after the transaction commits. */
export const REFUND_JOB_KIND = 'payment.refund';

/** One full refund per attempt: the outbox key and the provider's idempotency key. */
export function refundKey(paymentId: string): string {
  return `refund:${paymentId}`;
}

export interface RefundJobPayload {
  paymentId: string;
  cause: RefundCause;
}

export function toAttempt(row: PaymentRow): Attempt {
  return { id: row.id, createdAt: row.createdAt, state: row.state };
}

/** Every attempt of a request, oldest first, locked for the rest of the transaction. */
export async function lockAttempts(tx: Transaction, requestId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(eq(payments.requestId, requestId))
    .orderBy(payments.createdAt, payments.id)
    .for('update');
}

/**
 * Copies the attempts' summary onto the request (what the customer's screens read). A
 * change bumps the request's version like every other update of the row, so an operator
 * working from an older read hears that the money moved.
 */
export async function syncRequestPaymentState(
  executor: Executor,
  request: Pick<RequestRow, 'id' | 'paymentState'>,
  attempts: readonly PaymentRow[],
): Promise<void> {
  const state = requestPaymentState(attempts.map(toAttempt));
  if (state === request.paymentState) return;
  const [updated] = await executor
    .update(requests)
    .set({ paymentState: state, version: sql`${requests.version} + 1` })
    .where(eq(requests.id, request.id))
    .returning();
  // Heard by the customer's open pages once the caller's transaction commits.
  if (updated) await notifyCaseChanged(executor, updated);
}

/**
 * Marks a paid attempt `refund_pending` and enqueues the provider call in the same
 * transaction: once this commits, the refund will be made (now, by the caller's
 * `startRefunds`, or later by the retry sweep) even if the process stops right after.
 * @returns false when the attempt holds no money to refund (not `paid`)
 */
export async function queueFullRefund(
  tx: Transaction,
  payment: PaymentRow,
  cause: RefundCause,
): Promise<boolean> {
  const state = payment.state;
  if (!canRequestRefund(state)) return false;
  await tx
    .update(payments)
    .set({
      state: applyPaymentEvent(state, 'refund_requested'),
      refundRequestedAmount: payment.amount,
    })
    .where(eq(payments.id, payment.id));
  const payload: RefundJobPayload = { paymentId: payment.id, cause };
  await tx
    .insert(outbox)
    .values({ kind: REFUND_JOB_KIND, idempotencyKey: refundKey(payment.id), payload })
    .onConflictDoNothing({ target: outbox.idempotencyKey });
  return true;
}

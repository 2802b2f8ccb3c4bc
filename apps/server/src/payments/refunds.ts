import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { outbox, payments, requests } from '../db/schema';
import { AppError } from '../errors';
import { fundingAttempt } from '../domain/attempt-funding';
import { addCaseNote } from '../cases/case-transitions';
import type { PaymentServiceDeps } from './service-deps';
import { REFUND_JOB_KIND, lockAttempts, queueFullRefund, refundKey, toAttempt } from './records';
import { settleRequestPayments } from './settlement';
import type { PendingRefunds } from './settlement';

/** How long a claimed refund job is left to its runner before another may take it over. */
const CLAIM_LEASE = sql`interval '5 minutes'`;
/** After this many failed tries the job stops and waits for an operator (logged as an error). */
export const MAX_REFUND_ATTEMPTS = 20;

/** 1 min, 5 min, 15 min, 1 h, then every 6 h: quick for a blip, patient for an outage. */
function retryDelaySeconds(attempts: number): number {
  const steps = [60, 300, 900, 3600];
  return steps[attempts - 1] ?? 6 * 3600;
}

const refundJobPayloadSchema = z.object({
  paymentId: z.uuid(),
  cause: z.enum(['guarantee', 'case_canceled', 'duplicate_payment', 'operator']),
});

export type RefundJobResult = 'refunded' | 'retry' | 'failed' | 'not_due';

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Runs the queued refund of one attempt: claims its outbox job (so two runners never call
 * the provider at the same moment), asks the provider with the attempt's fixed idempotency
 * key (so a retry after a crash is the same refund, never a second one), and records the
 * outcome. The provider's confirmation arrives as a `charge.refunded` webhook; callers
 * also reconcile right after 'refunded' in case that webhook is late.
 */
export async function runRefundJob(
  deps: PaymentServiceDeps,
  paymentId: string,
): Promise<RefundJobResult> {
  const key = refundKey(paymentId);
  const [job] = await deps.db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${CLAIM_LEASE}`,
    })
    .where(
      and(
        eq(outbox.idempotencyKey, key),
        eq(outbox.kind, REFUND_JOB_KIND),
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, sql`now()`),
      ),
    )
    .returning();
  if (!job) return 'not_due';

  const finish = (status: 'sent' | 'failed', lastError: string | null) =>
    deps.db
      .update(outbox)
      .set({ status, lastError, ...(status === 'sent' ? { sentAt: new Date() } : {}) })
      .where(eq(outbox.id, job.id));

  const payload = refundJobPayloadSchema.safeParse(job.payload);
  const [payment] = payload.success
    ? await deps.db.select().from(payments).where(eq(payments.id, payload.data.paymentId))
    : [];
  if (!payload.success || !payment) {
    deps.log.error({ jobId: job.id, paymentId }, 'refund job names no stored payment');
    await finish('failed', 'The job names no stored payment.');
    return 'failed';
  }
  if (payment.provider !== deps.provider.name) {
    // Made with the provider this server used before a switch: only a person can refund it.
    deps.log.error({ paymentId, provider: payment.provider }, 'refund job for another provider');
    await finish(
      'failed',
      `The payment was made with ${payment.provider}, not ${deps.provider.name}.`,
    );
    return 'failed';
  }
  if (payment.state === 'refunded') {
    await finish('sent', null);
    return 'refunded';
  }

  try {
    if (!payment.providerPaymentIntent) {
      throw new Error('The provider has not reported the payment intent of this attempt yet.');
    }
    const refund = await deps.provider.refund({
      paymentIntentId: payment.providerPaymentIntent,
      amountMinor: payment.amount,
      currency: payment.currency,
      idempotencyKey: key,
      reason: payload.data.cause === 'duplicate_payment' ? 'duplicate' : 'requested_by_customer',
      paymentId: payment.id,
    });
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new Error(
        `The provider answered refund ${refund.refundId} with status ${refund.status}.`,
      );
    }
    await finish('sent', null);
    deps.log.info({ paymentId, refundId: refund.refundId, status: refund.status }, 'refund issued');
    return 'refunded';
  } catch (error) {
    if (job.attempts >= MAX_REFUND_ATTEMPTS) {
      deps.log.error(
        { err: error, paymentId },
        'refund failed for good; an operator must refund by hand',
      );
      await finish('failed', errorText(error));
      return 'failed';
    }
    deps.log.warn({ err: error, paymentId, attempts: job.attempts }, 'refund failed; will retry');
    await deps.db
      .update(outbox)
      .set({
        lastError: errorText(error),
        nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(job.attempts)})`,
      })
      .where(eq(outbox.id, job.id));
    return 'retry';
  }
}

/** Payment ids of refund jobs that are due (new, or waiting for their next try). */
export async function dueRefundJobs(deps: PaymentServiceDeps, limit = 20): Promise<string[]> {
  const rows = await dueRefundJobRows(deps.db, limit);
  return rows.map((row) => row.key.slice('refund:'.length));
}

/**
 * The due refund jobs' keys, first due first, through outbox_due_idx (every e-mail ever sent
 * stays in the outbox beside them). The query itself, so a test can read its plan.
 */
export function dueRefundJobRows(db: Database, limit: number) {
  return db
    .select({ key: outbox.idempotencyKey })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, REFUND_JOB_KIND),
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit);
}

export interface RefundInFullInput {
  /** Written to the case timeline as an internal note. */
  reason: string;
  /** The operator's uid; null when the server decides. */
  actorUid: string | null;
}

/**
 * Refunds the attempt that paid for a case, in full (an operator's decision). The case
 * itself does not move: an operator who refunds also decides the case's fate, e.g. moves
 * it to `not_eligible`, after which the confirmed refund closes it as `refunded`.
 * @throws AppError CONFLICT when nothing is paid, or the refund has already started
 */
export async function queueRefundInFull(
  deps: PaymentServiceDeps,
  requestId: string,
  input: RefundInFullInput,
): Promise<PendingRefunds> {
  return deps.db.transaction(async (tx) => {
    // Request first, then its payments: the lock order of every payment and case change.
    const [request] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.id, requestId))
      .for('update');
    if (!request) throw new AppError('NOT_FOUND', 'We could not find this request.');
    const rows = await lockAttempts(tx, requestId);
    const funder = fundingAttempt(rows.map(toAttempt));
    const row = funder && rows.find((candidate) => candidate.id === funder.id);
    if (!row || row.state !== 'paid') {
      throw new AppError(
        'CONFLICT',
        row
          ? 'The payment for this request is already being refunded or has been refunded.'
          : 'This request has no payment to refund.',
      );
    }
    await queueFullRefund(tx, row, 'operator');
    await addCaseNote(
      tx,
      {
        requestId,
        actor: input.actorUid ? 'operator' : 'system',
        actorUid: input.actorUid,
        internalNote: `Full refund started: ${input.reason.trim() || 'no reason given'}`,
      },
      deps.calendar,
    );
    return [row.id, ...(await settleRequestPayments(tx, requestId, deps.calendar))];
  });
}

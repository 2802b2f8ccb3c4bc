import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PaymentState } from '@unban/contract/payment-states';
import type { Database } from '../db/client';
import { payments } from '../db/schema';

/*
 * Webhooks get lost, and a sandbox "pay later" timer dies with its process. Attempts still
 * `unpaid` or `processing` are therefore asked about again: when the status screen reads
 * one (the customer is looking, so it should be right now), and by a periodic sweep for
 * those nobody looks at. Both are throttled per attempt in the database, so polling screens
 * and several instances ask the provider at most once per interval.
 */

const OPEN_STATES: PaymentState[] = ['unpaid', 'processing'];

/** A status screen asks the provider about one attempt at most this often. */
export const STATUS_READ_THROTTLE_MS = 15_000;
/** The sweep leaves attempts this fresh to their webhooks, and asks at most this often. */
export const SWEEP_STALE_AFTER_MS = 10 * 60_000;
/** Older attempts are long expired at the provider (Stripe: 24 h) and settled by then. */
const SWEEP_MAX_AGE_MS = 3 * 24 * 60 * 60_000;
const SWEEP_BATCH = 50;

const millis = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * Takes the right to ask the provider about this attempt now: true for one caller per
 * `throttleMs`, across instances. The attempt's `updated_at` is left alone (the back
 * office orders by it).
 */
export async function claimReconcile(
  db: Database,
  paymentId: string,
  throttleMs: number,
): Promise<boolean> {
  const claimed = await db
    .update(payments)
    .set({ lastReconciledAt: sql`now()`, updatedAt: sql`${payments.updatedAt}` })
    .where(
      and(
        eq(payments.id, paymentId),
        inArray(payments.state, OPEN_STATES),
        or(
          isNull(payments.lastReconciledAt),
          lt(payments.lastReconciledAt, sql`now() - ${millis(throttleMs)}`),
        ),
      ),
    )
    .returning({ id: payments.id });
  return claimed.length > 0;
}

export interface OpenAttempt {
  id: string;
  /** Milliseconds until the attempt may be asked about again (0: now), by the database's clock. */
  waitMs: number;
}

/** The request's attempts that may still change without us hearing of it. */
export async function openAttemptsOf(
  db: Database,
  requestId: string,
  throttleMs: number,
): Promise<OpenAttempt[]> {
  const rows = await db
    .select({
      id: payments.id,
      waitMs: sql<number>`coalesce(greatest(0, extract(epoch from (${payments.lastReconciledAt} + ${millis(throttleMs)} - now())) * 1000), 0)::float8`,
    })
    .from(payments)
    .where(and(eq(payments.requestId, requestId), inArray(payments.state, OPEN_STATES)));
  return rows.map((row) => ({ id: row.id, waitMs: Number(row.waitMs) }));
}

/** Open attempts that no webhook has moved for a while, oldest first. */
export async function staleAttempts(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.state, OPEN_STATES),
        lt(payments.updatedAt, sql`now() - ${millis(SWEEP_STALE_AFTER_MS)}`),
        gt(payments.createdAt, sql`now() - ${millis(SWEEP_MAX_AGE_MS)}`),
        or(
          isNull(payments.lastReconciledAt),
          lt(payments.lastReconciledAt, sql`now() - ${millis(SWEEP_STALE_AFTER_MS)}`),
        ),
      ),
    )
    .orderBy(payments.updatedAt)
    .limit(SWEEP_BATCH);
  return rows.map((row) => row.id);
}

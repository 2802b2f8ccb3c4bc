import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PaymentState } from '@unban/contract/payment-states';
import type { Database } from '../db/client';
import { driverStatement } from '../db/driver-rows';
import { payments } from '../db/schema';
import type { AttemptToAsk } from './events';

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

export interface LookedAttempt {
  id: string;
  /**
   * Milliseconds until the attempt may be asked about again (0: now), by the database's
   * clock, as it stood before this look's claim.
   */
  waitMs: number;
  /** The attempt as stored, when this look took the right to ask about it now; else null. */
  claimed: AttemptToAsk | null;
}

const column = (name: keyof typeof payments._.columns) => `"${payments[name].name}"`;

/*
 * One statement per look at a request (claimOpenAttempts): its open attempts, the claim of
 * those due, and what asking the provider about a claimed one needs; three statements
 * before (decision 012). The UPDATE re-checks the throttle on the row it locks, so one
 * caller per interval wins across instances, as with claimReconcile.
 *
 * Both parts reach the rows by the request, then by id, never by state: a condition on the
 * open states matches the partial index of open attempts (the sweep's), which the planner
 * takes when its statistics think few attempts are open, and then reads every open attempt
 * for one request's (14 ms with 4,200 open, against 0.9 ms). An attempt that moved on
 * between the read and the claim is claimed harmlessly: asking about it finds nothing new,
 * or what it finds is joined into its state like any truth.
 */
const CLAIM_OPEN_ATTEMPTS = `with attempts as materialized (
  select ${column('id')}, ${column('state')}, ${column('lastReconciledAt')} from "payments"
  where ${column('requestId')} = $1
), open as (
  select ${column('id')}, ${column('lastReconciledAt')} from attempts
  where ${column('state')} in (${OPEN_STATES.map((state) => `'${state}'`).join(', ')})
), claimed as (
  update "payments" set ${column('lastReconciledAt')} = now()
  where ${column('id')} in (select ${column('id')} from open)
    and (${column('lastReconciledAt')} is null
      or ${column('lastReconciledAt')} < now() - make_interval(secs => $2))
  returning ${column('id')}, ${column('providerSessionId')}, ${column('provider')},
    ${column('state')}, ${column('amount')}, ${column('currency')},
    ${column('refundedAmount')}, ${column('providerPaymentIntent')}
)
select open.${column('id')} as "id",
  coalesce(greatest(0, extract(epoch from (open.${column('lastReconciledAt')}
    + make_interval(secs => $2) - now())) * 1000), 0)::float8 as "waitMs",
  claimed.${column('id')} is not null as "claimed",
  claimed.${column('providerSessionId')} as "sessionId", claimed.${column('provider')} as "provider",
  claimed.${column('state')} as "state", claimed.${column('amount')} as "amount",
  claimed.${column('currency')} as "currency", claimed.${column('refundedAmount')} as "refundedAmount",
  claimed.${column('providerPaymentIntent')} as "providerPaymentIntent"
from open left join claimed on claimed.${column('id')} = open.${column('id')}`;

/** A row of CLAIM_OPEN_ATTEMPTS; the attempt's columns are null where it was not claimed. */
interface LookRow extends AttemptToAsk {
  id: string;
  waitMs: number;
  claimed: boolean;
}

/**
 * A look at a request's open attempts: each with its wait, and those due claimed for this
 * caller (claimReconcile's rule) with their stored rows, in one statement.
 */
export async function claimOpenAttempts(
  db: Database,
  requestId: string,
  throttleMs: number,
): Promise<LookedAttempt[]> {
  const rows = await driverStatement<LookRow>(db, CLAIM_OPEN_ATTEMPTS, [
    requestId,
    throttleMs / 1000,
  ]);
  return rows.map(({ id, waitMs, claimed, ...attempt }) => ({
    id,
    waitMs: Number(waitMs),
    claimed: claimed ? attempt : null,
  }));
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

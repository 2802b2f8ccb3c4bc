import { and, count, eq, gt, gte, inArray, sql, sum } from 'drizzle-orm';
import { caseStates } from '@unban/contract/case-states';
import type { CaseState } from '@unban/contract/case-states';
import { dashboardResponseSchema } from '@unban/contract/admin';
import type { DashboardResponse } from '@unban/contract/admin';
import type { Database } from '../db/client';
import { caseEvents, payments, requests } from '../db/schema';

const WEEK_MS = 7 * 24 * 3_600_000;

/** The states that end the work on a case, whichever way it went. */
const outcomeStates: readonly CaseState[] = ['unbanned', 'denied', 'not_eligible'];

/*
 * "Paid" is the system's move awaiting_payment → queued: it is written once per case, when
 * the funding payment is confirmed, so it dates the payment without a column of its own.
 */
const paidMove = and(
  eq(caseEvents.fromState, 'awaiting_payment'),
  eq(caseEvents.toState, 'queued'),
);

/** The back office's numbers, computed on demand (a few aggregate queries over indexes). */
export async function readDashboard(
  db: Database,
  now: Date = new Date(),
): Promise<DashboardResponse> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);

  // When each case was paid, and when it first reached an outcome.
  const paid = db
    .select({
      requestId: caseEvents.requestId,
      at: sql<Date>`min(${caseEvents.createdAt})`.as('paid_at'),
    })
    .from(caseEvents)
    .where(paidMove)
    .groupBy(caseEvents.requestId)
    .as('paid');
  const outcome = db
    .select({
      requestId: caseEvents.requestId,
      at: sql<Date>`min(${caseEvents.createdAt})`.as('outcome_at'),
    })
    .from(caseEvents)
    .where(inArray(caseEvents.toState, [...outcomeStates]))
    .groupBy(caseEvents.requestId)
    .as('outcome');

  const [byState, paidWeek, median, refunded] = await Promise.all([
    db
      .select({ caseState: requests.caseState, count: count() })
      .from(requests)
      .groupBy(requests.caseState),
    db
      .select({
        currency: requests.currency,
        count: count(),
        amountMinor: sum(requests.priceAmount).mapWith(Number),
      })
      .from(caseEvents)
      .innerJoin(requests, eq(requests.id, caseEvents.requestId))
      .where(and(paidMove, gte(caseEvents.createdAt, weekAgo)))
      .groupBy(requests.currency)
      .orderBy(requests.currency),
    db
      .select({
        median: sql<
          string | number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${outcome.at} - ${paid.at}))`,
      })
      .from(paid)
      .innerJoin(outcome, eq(outcome.requestId, paid.requestId)),
    db
      .select({
        currency: payments.currency,
        count: count(),
        amountMinor: sum(payments.refundedAmount).mapWith(Number),
      })
      .from(payments)
      .where(gt(payments.refundedAmount, 0))
      .groupBy(payments.currency)
      .orderBy(payments.currency),
  ]);

  const requestsByCaseState = Object.fromEntries(caseStates.map((state) => [state, 0])) as Record<
    CaseState,
    number
  >;
  for (const row of byState) {
    requestsByCaseState[row.caseState] = row.count;
  }
  const medianValue = median[0]?.median;

  return dashboardResponseSchema.parse({
    requestsByCaseState,
    paidLast7Days: paidWeek,
    medianSecondsPaidToOutcome:
      medianValue === null || medianValue === undefined ? null : Number(medianValue),
    refunds: refunded,
  });
}

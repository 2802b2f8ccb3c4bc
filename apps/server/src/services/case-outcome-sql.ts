import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { CaseState } from '@unban/contract/case-states';
import type { Database } from '../db/client';
import { caseEvents, replyDeadlines } from '../db/schema';

/*
 * The definitions the back-office dashboard and the public results share, so both count a
 * paid case, an outcome and a kept reply deadline the same way.
 */

/** The states that end the work on a case, whichever way it went. */
export const outcomeStates: readonly CaseState[] = ['unbanned', 'denied', 'not_eligible'];

/*
 * "Paid" is the system's move awaiting_payment → queued: it is written once per case, when
 * the funding payment is confirmed, so it dates the payment without a column of its own.
 */
export const paidMove = and(
  eq(caseEvents.fromState, 'awaiting_payment'),
  eq(caseEvents.toState, 'queued'),
);

/** When each case was paid (a subquery: request_id, paid_at). */
export function paidAtByCase(db: Database) {
  return db
    .select({
      requestId: caseEvents.requestId,
      at: sql<Date>`min(${caseEvents.createdAt})`.as('paid_at'),
    })
    .from(caseEvents)
    .where(paidMove)
    .groupBy(caseEvents.requestId)
    .as('paid');
}

/**
 * When each case first reached an outcome, and whether it was the unban (a subquery:
 * request_id, outcome_at, unbanned). A case reaches one outcome at most: the graph leads out
 * of them only to `refunded`.
 */
export function outcomeAtByCase(db: Database) {
  return db
    .select({
      requestId: caseEvents.requestId,
      at: sql<Date>`min(${caseEvents.createdAt})`.as('outcome_at'),
      unbanned: sql<boolean>`bool_or(${caseEvents.toState} = 'unbanned')`.as('unbanned'),
    })
    .from(caseEvents)
    .where(inArray(caseEvents.toState, [...outcomeStates]))
    .groupBy(caseEvents.requestId)
    .as('outcome');
}

/**
 * When a reply deadline's outcome is known: at the answer if it came in time, else at the
 * due instant (least() skips a null answer). Indexed as reply_deadlines_decided_at_idx.
 */
export const decidedAt = sql`least(${replyDeadlines.answeredAt}, ${replyDeadlines.dueAt})`;
export const answeredInTime = sql`${replyDeadlines.answeredAt} <= ${replyDeadlines.dueAt}`;

export interface OnTimeCount {
  total: number;
  onTime: number;
}

/**
 * Reply deadlines decided within [since, until] and how many were kept, per plan (by the
 * plan stored with the deadline) and, under `null`, over all plans.
 */
export async function countRepliesOnTime(
  db: Database,
  since: Date,
  until: Date,
): Promise<Map<string | null, OnTimeCount>> {
  const rows = await db
    .select({
      plan: replyDeadlines.plan,
      total: count(),
      onTime: sql<number>`count(*) filter (where ${answeredInTime})`.mapWith(Number),
    })
    .from(replyDeadlines)
    .where(
      and(
        gte(decidedAt, sql`${since.toISOString()}::timestamptz`),
        lte(decidedAt, sql`${until.toISOString()}::timestamptz`),
      ),
    )
    .groupBy(sql`grouping sets ((${replyDeadlines.plan}), ())`);
  return new Map(rows.map((row) => [row.plan, { total: row.total, onTime: row.onTime }]));
}

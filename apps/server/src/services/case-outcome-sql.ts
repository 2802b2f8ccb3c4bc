import { and, count, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { replyDeadlines, requests } from '../db/schema';

/*
 * The definitions the back-office dashboard and the public results share, so both count a
 * paid case, an outcome and a kept reply deadline the same way. When a case was paid and
 * reached its outcome are columns of its request, set by the moves (docs/decisions/027).
 */

/** Cases paid and decided: the cases the median times count (they come from the same row). */
export const paidAndDecided = and(isNotNull(requests.paidAt), isNotNull(requests.outcomeAt));

/** The case's outcome was the unban (false for the other outcomes, null while undecided). */
export const unbannedOutcome = sql`${requests.outcomeState} = 'unbanned'`;

/** Seconds from the payment to the outcome, of a paid and decided case. */
export const secondsPaidToOutcome = sql`extract(epoch from ${requests.outcomeAt} - ${requests.paidAt})`;

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

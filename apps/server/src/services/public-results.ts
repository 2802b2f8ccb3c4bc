import { and, count, gte, lte, sql } from 'drizzle-orm';
import { planIds } from '@unban/contract/plans';
import { resultsResponseSchema } from '@unban/contract/results';
import type { ResultFigure, ResultFigures, ResultsResponse } from '@unban/contract/results';
import type { Database } from '../db/client';
import { requests } from '../db/schema';
import {
  countRepliesOnTime,
  paidAndDecided,
  secondsPaidToOutcome,
  unbannedOutcome,
} from './case-outcome-sql';
import type { OnTimeCount } from './case-outcome-sql';

const DAY_MS = 24 * 3_600_000;

export interface ResultsSettings {
  periodDays: number;
  minimumSample: number;
}

interface CaseRow {
  closed: number;
  unbanned: number;
  refunded: number;
  median: number | null;
  p90: number | null;
}

/**
 * Postgres sends percentile_cont's double precision as a number or, by some drivers, a
 * string; whole seconds are precise enough for durations of hours and days.
 */
const toSecondsOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value));

function figure(value: number | null, sampleSize: number, minimumSample: number): ResultFigure {
  if (value === null || sampleSize < minimumSample) {
    return { status: 'not_enough_cases', sampleSize, minimumSample };
  }
  return { status: 'value', value, sampleSize };
}

function toFigures(
  cases: CaseRow | undefined,
  replies: OnTimeCount | undefined,
  minimumSample: number,
): ResultFigures {
  const closed = cases?.closed ?? 0;
  const share = (part: number) => (closed === 0 ? null : part / closed);
  const repliesTotal = replies?.total ?? 0;
  return {
    casesClosed: closed,
    unbannedShare: figure(share(cases?.unbanned ?? 0), closed, minimumSample),
    refundedShare: figure(share(cases?.refunded ?? 0), closed, minimumSample),
    medianSecondsToOutcome: figure(cases?.median ?? null, closed, minimumSample),
    p90SecondsToOutcome: figure(cases?.p90 ?? null, closed, minimumSample),
    onTimeReplyShare: figure(
      repliesTotal === 0 ? null : (replies?.onTime ?? 0) / repliesTotal,
      repliesTotal,
      minimumSample,
    ),
  };
}

/**
 * The public outcome figures over the `periodDays` up to `now`, from the cases' payment and
 * outcome times and the reply deadlines (docs/decisions/019). A case counts in the period its outcome was
 * reached in; only paid cases count (a case is paid by the awaiting_payment → queued move).
 * Two aggregate queries, each grouped per plan and over all plans at once; the cases' times
 * are columns of their requests (docs/decisions/027).
 */
export async function readResults(
  db: Database,
  settings: ResultsSettings,
  now: Date = new Date(),
): Promise<ResultsResponse> {
  const start = new Date(now.getTime() - settings.periodDays * DAY_MS);
  const [caseRows, replies] = await Promise.all([
    db
      .select({
        plan: requests.plan,
        closed: count(),
        unbanned: sql<number>`count(*) filter (where ${unbannedOutcome})`.mapWith(Number),
        // `refunded` is entered only once the provider has confirmed the refund.
        refunded: sql<number>`count(*) filter (where ${requests.caseState} = 'refunded')`.mapWith(
          Number,
        ),
        median: sql<unknown>`percentile_cont(0.5) within group (order by ${secondsPaidToOutcome})`,
        p90: sql<unknown>`percentile_cont(0.9) within group (order by ${secondsPaidToOutcome})`,
      })
      .from(requests)
      .where(
        and(
          paidAndDecided,
          gte(requests.outcomeAt, sql`${start.toISOString()}::timestamptz`),
          lte(requests.outcomeAt, sql`${now.toISOString()}::timestamptz`),
        ),
      )
      .groupBy(sql`grouping sets ((${requests.plan}), ())`),
    countRepliesOnTime(db, start, now),
  ]);

  // The row of all plans has a null plan (grouping sets); the column itself is never null.
  const byPlan = new Map<string | null, CaseRow>(
    caseRows.map((row) => [
      row.plan,
      {
        closed: row.closed,
        unbanned: row.unbanned,
        refunded: row.refunded,
        median: toSecondsOrNull(row.median),
        p90: toSecondsOrNull(row.p90),
      },
    ]),
  );

  return resultsResponseSchema.parse({
    period: { start: start.toISOString(), end: now.toISOString(), days: settings.periodDays },
    minimumSample: settings.minimumSample,
    overall: toFigures(byPlan.get(null), replies.get(null), settings.minimumSample),
    plans: planIds.map((plan) => ({
      plan,
      figures: toFigures(byPlan.get(plan), replies.get(plan), settings.minimumSample),
    })),
  });
}

/**
 * Keeps the last answer for `ttlMs`: the figures move slowly and the route is public, so
 * a burst of visitors costs one computation. Callers arriving while it runs share it; a
 * failed computation is not kept.
 */
export function cachedResults(
  compute: () => Promise<ResultsResponse>,
  ttlMs: number,
  clock: () => number = Date.now,
): () => Promise<ResultsResponse> {
  let entry: { at: number; answer: Promise<ResultsResponse> } | null = null;
  return () => {
    const now = clock();
    if (entry && now - entry.at < ttlMs) return entry.answer;
    const answer = compute();
    const current = { at: now, answer };
    entry = current;
    answer.catch(() => {
      if (entry === current) entry = null;
    });
    return answer;
  };
}

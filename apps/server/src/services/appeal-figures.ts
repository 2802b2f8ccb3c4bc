import { and, eq, gte, sql } from 'drizzle-orm';
import type { DashboardResponse } from '@unban/contract/admin';
import type { Database } from '../db/client';
import { appeals, playbooks, requests } from '../db/schema';
import { unbannedOutcome } from './case-outcome-sql';

/*
 * The dashboard's appeal figures (issue 14 point 6), computed from the database: what the
 * appeals led to per ban type and channel, and who submitted how many.
 */

const DAY_MS = 24 * 3_600_000;

/**
 * Per (ban type, channel): the cases appealed through it, how many were unbanned or not, and
 * the median time from the first submission through the channel to the outcome. The ban
 * type is that of the playbook version the appeal was drafted from.
 */
export async function readAppealOutcomes(
  db: Database,
): Promise<DashboardResponse['appealOutcomes']> {
  const through = db
    .select({
      requestId: appeals.requestId,
      channelKind: appeals.channelKind,
      banType: playbooks.banType,
      firstAt: sql<Date>`min(${appeals.submittedAt})`.as('first_at'),
    })
    .from(appeals)
    .innerJoin(playbooks, eq(playbooks.id, appeals.playbookId))
    .groupBy(appeals.requestId, appeals.channelKind, playbooks.banType)
    .as('through');
  const decided = sql`${requests.outcomeAt} is not null`;
  const rows = await db
    .select({
      banType: through.banType,
      channelKind: through.channelKind,
      cases: sql<number>`count(*)`.mapWith(Number),
      unbanned: sql<number>`count(*) filter (where ${decided} and ${unbannedOutcome})`.mapWith(
        Number,
      ),
      notUnbanned:
        sql<number>`count(*) filter (where ${decided} and not ${unbannedOutcome})`.mapWith(Number),
      median: sql<
        string | number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${requests.outcomeAt} - ${through.firstAt})) filter (where ${decided})`,
    })
    .from(through)
    .innerJoin(requests, eq(requests.id, through.requestId))
    .groupBy(through.banType, through.channelKind)
    .orderBy(through.banType, through.channelKind);
  return rows.map((row) => ({
    banType: row.banType,
    channelKind: row.channelKind,
    cases: row.cases,
    unbanned: row.unbanned,
    notUnbanned: row.notUnbanned,
    medianSecondsToOutcome: row.median === null ? null : Math.max(0, Number(row.median)),
  }));
}

/** Appeals and follow-ups per operator over the last 30 days, most first. */
export async function readAppealsPerOperator(
  db: Database,
  now: Date,
): Promise<DashboardResponse['appealsPerOperator']> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  return db
    .select({
      operatorUid: appeals.operatorUid,
      appeals: sql<number>`count(*) filter (where ${appeals.kind} = 'appeal')`.mapWith(Number),
      followUps: sql<number>`count(*) filter (where ${appeals.kind} = 'follow_up')`.mapWith(Number),
    })
    .from(appeals)
    .where(
      and(
        gte(appeals.submittedAt, since),
        sql`${appeals.submittedAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(appeals.operatorUid)
    .orderBy(sql`count(*) desc`, appeals.operatorUid);
}

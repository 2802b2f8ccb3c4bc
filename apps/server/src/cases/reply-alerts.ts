import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { replyDeadlines, requests } from '../db/schema';
import { enqueueEmail } from '../jobs/email-outbox';
import { planIdSchema } from '@unban/contract/plan-id';

export interface ReplyAlertSettings {
  /** Warn once a deadline is this close (real minutes). */
  alertBeforeMinutes: number;
  /** The operators' address. */
  alertTo: string;
}

/** Deadlines warned about per sweep; the next sweep takes the rest. */
const BATCH = 50;

/**
 * Warns the operators of every unanswered reply deadline that falls due within the window
 * (or has already passed without a warning), once per deadline: the row is marked
 * `alerted_at` in the transaction that enqueues the e-mail, whose outbox key is the
 * deadline's own. Rows are claimed with SKIP LOCKED, so instances sweeping at once share
 * the work instead of waiting on each other.
 *
 * @returns how many e-mails were enqueued
 */
export async function sweepReplyAlerts(
  db: Database,
  settings: ReplyAlertSettings,
  now: Date = new Date(),
): Promise<number> {
  const horizon = new Date(now.getTime() + settings.alertBeforeMinutes * 60_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: replyDeadlines.id,
        dueAt: replyDeadlines.dueAt,
        plan: replyDeadlines.plan,
        requestId: requests.id,
        reference: requests.reference,
        caseState: requests.caseState,
      })
      .from(replyDeadlines)
      .innerJoin(requests, eq(requests.id, replyDeadlines.requestId))
      .where(
        and(
          isNull(replyDeadlines.answeredAt),
          isNull(replyDeadlines.alertedAt),
          lte(replyDeadlines.dueAt, horizon),
        ),
      )
      .orderBy(asc(replyDeadlines.dueAt))
      .limit(BATCH)
      .for('update', { of: replyDeadlines, skipLocked: true });
    for (const deadline of due) {
      await enqueueEmail(tx, {
        idempotencyKey: `email:reply-due:${deadline.id}`,
        to: settings.alertTo,
        template: 'reply_due_soon',
        data: {
          requestId: deadline.requestId,
          reference: deadline.reference,
          state: deadline.caseState,
          plan: planIdSchema.parse(deadline.plan),
          messageToCustomer: null,
          dueAt: deadline.dueAt.toISOString(),
        },
      });
      await tx
        .update(replyDeadlines)
        .set({ alertedAt: now })
        .where(eq(replyDeadlines.id, deadline.id));
    }
    return due.length;
  });
}

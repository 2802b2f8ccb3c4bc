import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { appeals, platformReplies, requests } from '../db/schema';

/*
 * `requests.follow_up_due_at`, the queue's "follow-up due" column: when the appeal work next
 * needs an operator. The earliest follow-up owed by the case's appeals, or the moment a
 * platform reply arrived that nobody has decided yet, whichever is earlier (least() skips a
 * null): a reply waiting is due from the moment it came in, so it sorts with the follow-ups
 * that are due and stays there until it is decided.
 */

/** Recomputes the column from the case's appeals and replies, in the caller's transaction. */
export async function refreshFollowUpDue(tx: Transaction, requestId: string): Promise<void> {
  await tx
    .update(requests)
    .set({
      followUpDueAt: sql`least(
        (select min(${appeals.nextFollowUpAt}) from ${appeals} where ${appeals.requestId} = ${requestId}),
        (select min(${platformReplies.receivedAt}) from ${platformReplies}
          where ${platformReplies.requestId} = ${requestId} and ${platformReplies.outcome} is null)
      )`,
    })
    .where(eq(requests.id, requestId));
}

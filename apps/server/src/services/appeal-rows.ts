import { and, eq, isNotNull } from 'drizzle-orm';
import type { PlaybookChannel } from '@unban/contract/playbooks';
import { refreshFollowUpDue } from '../appeals/follow-up-due';
import type { Transaction } from '../db/client';
import { appeals } from '../db/schema';
import type { AppealRow } from '../db/schema';

/*
 * Writing one submission through a playbook channel, the same way whoever makes it: an
 * operator's appeal or follow-up (appeal-submission.ts) or the owner's confirmed in-app
 * review (owner-review.ts). The dates come from the channel, never from a default here.
 */

const DAY_MS = 24 * 3_600_000;

type NewAppeal = Omit<typeof appeals.$inferInsert, 'checkAt' | 'nextFollowUpAt'> & {
  submittedAt: Date;
};

/** Whether the case was already submitted through this channel: the next one follows it up. */
export async function hasAppealThrough(
  tx: Transaction,
  requestId: string,
  channelIndex: number,
): Promise<boolean> {
  const [earlier] = await tx
    .select({ id: appeals.id })
    .from(appeals)
    .where(and(eq(appeals.requestId, requestId), eq(appeals.channelIndex, channelIndex)))
    .limit(1);
  return earlier !== undefined;
}

/**
 * Inserts the submission with the channel's check and follow-up dates (counted from when it
 * was submitted), ends the follow-up of every earlier submission through the same channel
 * (this one follows them up), and refreshes the case's next follow-up date.
 */
export async function insertAppealRow(
  tx: Transaction,
  values: NewAppeal,
  followUp: PlaybookChannel['followUp'],
): Promise<AppealRow> {
  await tx
    .update(appeals)
    .set({ nextFollowUpAt: null })
    .where(
      and(
        eq(appeals.requestId, values.requestId),
        eq(appeals.channelIndex, values.channelIndex),
        isNotNull(appeals.nextFollowUpAt),
      ),
    );
  const submitted = values.submittedAt.getTime();
  const [appeal] = await tx
    .insert(appeals)
    .values({
      ...values,
      checkAt: new Date(submitted + followUp.checkAfterDays * DAY_MS),
      nextFollowUpAt: new Date(submitted + followUp.followUpAfterDays * DAY_MS),
    })
    .returning();
  if (!appeal) throw new Error('Inserting an appeal returned no row');
  await refreshFollowUpDue(tx, values.requestId);
  return appeal;
}

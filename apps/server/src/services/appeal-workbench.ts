import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import {
  appealWorkbenchSchema,
  canSendFromProduct,
  draftFor,
  isOperatorChannel,
} from '@unban/contract/appeals';
import type { Appeal, AppealWorkbench, PlatformReply } from '@unban/contract/appeals';
import { channelKindLabels } from '@unban/contract/playbooks';
import type { CaseState } from '@unban/contract/case-states';
import { caseFactsOf } from '../appeals/case-facts';
import type { Database, Transaction } from '../db/client';
import { appeals, caseEvents, platformReplies, playbooks, requests } from '../db/schema';
import type { AppealRow, PlatformReplyRow, PlaybookRow, RequestRow } from '../db/schema';
import { AppError } from '../errors';
import { currentPlaybookRow } from '../playbooks/playbook-store';
import { playbookIdForCase, playbookKeyForCase } from '../playbooks/case-playbook';
import { ownerReviewWorkbench } from './owner-review-views';
import { findRequestById } from './request-queries';

/*
 * The appeal workbench of one case: its playbook version's channels with drafts filled from
 * the case, the appeals sent or recorded, and the platform's replies.
 */

/** Appeals may be sent or recorded while the review runs or the platform has one. */
export const submittableStates: readonly CaseState[] = ['in_review', 'appeal_submitted'];

/** Locks a case's row for the rest of the transaction. */
export async function lockCase(tx: Transaction, requestId: string): Promise<RequestRow> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'We could not find this request.');
  return row;
}

/**
 * The first step of every submission on a case (an appeal, a request to the owner): lock the
 * case, check it is the version the operator saw and in a state that takes submissions
 * (`wrongState` says why not), and fix its playbook version on a case reviewed before
 * playbooks existed. Returns the row and the playbook the submission must follow.
 */
export async function lockCaseForSubmission(
  tx: Transaction,
  requestId: string,
  expectedVersion: number,
  wrongState: string,
): Promise<{ row: RequestRow; playbook: PlaybookRow }> {
  const row = await lockCase(tx, requestId);
  if (row.version !== expectedVersion) {
    throw new AppError(
      'CONFLICT',
      'This request was changed by someone else in the meantime. Reload it and try again.',
    );
  }
  if (!submittableStates.includes(row.caseState)) {
    throw new AppError('INVALID_TRANSITION', wrongState);
  }
  const playbookId = await playbookIdForCase(tx, row);
  if (row.playbookId === null) {
    await tx.update(requests).set({ playbookId }).where(eq(requests.id, row.id));
  }
  return { row, playbook: await playbookRowForCase(tx, { ...row, playbookId }) };
}

/**
 * The version the case is worked with, or (a case whose review started before playbooks
 * existed, or one still queued) the current version, which the first appeal then fixes.
 */
export async function playbookRowForCase(
  db: Database | Transaction,
  row: Pick<RequestRow, 'messagingApp' | 'playbookId'>,
): Promise<PlaybookRow> {
  if (row.playbookId !== null) {
    const [fixed] = await db.select().from(playbooks).where(eq(playbooks.id, row.playbookId));
    if (fixed) return fixed;
  }
  return currentPlaybookRow(db, playbookKeyForCase(row));
}

/** The customer's own messages on the case, oldest first (the `customer_words`). */
export async function customerRepliesOf(
  db: Database | Transaction,
  requestId: string,
): Promise<string[]> {
  const rows = await db
    .select({ text: caseEvents.customerReply })
    .from(caseEvents)
    .where(and(eq(caseEvents.requestId, requestId), isNotNull(caseEvents.customerReply)))
    .orderBy(asc(caseEvents.createdAt), asc(caseEvents.id));
  return rows.flatMap((row) => (row.text ? [row.text] : []));
}

export function toAppeal(row: AppealRow): Appeal {
  return {
    id: row.id,
    kind: row.kind,
    channelIndex: row.channelIndex,
    channelKind: row.channelKind,
    delivery: row.delivery,
    playbookVersion: row.playbookVersion,
    subject: row.subject,
    body: row.body,
    sentTo: row.sentTo,
    replyTo: row.replyTo,
    operatorUid: row.operatorUid,
    submittedAt: row.submittedAt.toISOString(),
    checkAt: row.checkAt.toISOString(),
    nextFollowUpAt: row.nextFollowUpAt?.toISOString() ?? null,
  };
}

export function toPlatformReply(row: PlatformReplyRow): PlatformReply {
  return {
    id: row.id,
    source: row.source,
    from: row.fromAddress,
    subject: row.subject,
    body: row.body,
    receivedAt: row.receivedAt.toISOString(),
    suggestedOutcome: row.suggestedOutcome,
    outcome: row.outcome,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByUid: row.decidedByUid,
  };
}

/** @throws AppError NOT_FOUND */
export async function readAppealWorkbench(
  db: Database,
  id: string,
  replyRouting: AppealWorkbench['replyRouting'],
): Promise<AppealWorkbench> {
  const row = await findRequestById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'We could not find this request.');
  const [playbook, replies, appealRows, replyRows] = await Promise.all([
    playbookRowForCase(db, row),
    customerRepliesOf(db, row.id),
    db
      .select()
      .from(appeals)
      .where(eq(appeals.requestId, row.id))
      .orderBy(asc(appeals.submittedAt), asc(appeals.id)),
    db
      .select()
      .from(platformReplies)
      .where(eq(platformReplies.requestId, row.id))
      .orderBy(desc(platformReplies.receivedAt), desc(platformReplies.id)),
  ]);
  const facts = caseFactsOf(row, replies);
  const channels = playbook.content.channels.flatMap((channel, index) =>
    isOperatorChannel(channel.kind)
      ? [
          {
            index,
            kind: channel.kind,
            label: channelKindLabels[channel.kind],
            address: channel.address ?? null,
            url: channel.url ?? null,
            steps: channel.steps,
            evidence: channel.evidence,
            checkAfterDays: channel.followUp.checkAfterDays,
            followUpAfterDays: channel.followUp.followUpAfterDays,
            canSend: canSendFromProduct(channel),
            drafts: {
              appeal: draftFor(channel, 'appeal', facts),
              follow_up: draftFor(channel, 'follow_up', facts),
            },
          },
        ]
      : [],
  );
  return appealWorkbenchSchema.parse({
    playbook: {
      id: playbook.id,
      app: playbook.messagingApp,
      banType: playbook.banType,
      version: playbook.version,
      summary: playbook.content.summary,
    },
    channels,
    appeals: appealRows.map(toAppeal),
    replies: replyRows.map(toPlatformReply),
    followUpDueAt: row.followUpDueAt?.toISOString() ?? null,
    platformReplied: replyRows.some((reply) => reply.outcome === null),
    ownerReview: await ownerReviewWorkbench(
      db,
      row,
      playbook,
      submittableStates.includes(row.caseState),
    ),
    canSubmit: submittableStates.includes(row.caseState),
    replyRouting,
    caseVersion: row.version,
  });
}

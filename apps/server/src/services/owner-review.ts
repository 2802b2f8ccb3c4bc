import { and, desc, eq, isNull } from 'drizzle-orm';
import { getMessagingApp } from '@unban/contract/messaging-apps';
import { ownerReviewConfirmedLine, ownerReviewRequestedLine } from '@unban/contract/owner-review';
import type { RequestOwnerReviewBodyInput } from '@unban/contract/owner-review';
import { channelKindLabels } from '@unban/contract/playbooks';
import { planIdSchema } from '@unban/contract/plan-id';
import { addCaseNote } from '../cases/case-transitions';
import type { Database, Transaction } from '../db/client';
import { ownerReviews, playbooks } from '../db/schema';
import type { OwnerReviewRow, RequestRow } from '../db/schema';
import { AppError } from '../errors';
import { enqueueEmail } from '../jobs/email-outbox';
import { hasAppealThrough, insertAppealRow } from './appeal-rows';
import { lockCase, lockCaseForSubmission } from './appeal-workbench';
import type { MoveCaseDeps } from './move-case';
import { moveCase } from './move-case';
import { appOf, deviceOf, ownerReviewOpenStates, stepsForCase } from './owner-review-views';
import { findRequestById } from './request-queries';

/*
 * The owner's in-app review (issue 14 point 4, docs/decisions/022): an operator asks the
 * owner to send the app's "Request a review" (it needs the SMS code, which we never ask
 * for), the owner confirms on their case page that they sent it, and that confirmation is
 * recorded as the appeal through the playbook's in-app review channel.
 */

async function openRequestOf(
  db: Database | Transaction,
  requestId: string,
): Promise<OwnerReviewRow | undefined> {
  const [open] = await db
    .select()
    .from(ownerReviews)
    .where(and(eq(ownerReviews.requestId, requestId), isNull(ownerReviews.confirmedAt)))
    .limit(1);
  return open;
}

export type AskOwnerReviewInput = Omit<RequestOwnerReviewBodyInput, 'message'> & {
  message?: string | undefined;
  requestId: string;
  operatorUid: string;
};

/**
 * Asks the owner to send the in-app review: the request row, a line on both timelines and
 * an e-mail with the steps for their phone, in one transaction.
 *
 * @throws AppError NOT_FOUND, CONFLICT (stale version), INVALID_TRANSITION (case not in
 *   review or with the platform), VALIDATION_FAILED (not the in-app review channel),
 *   OWNER_REVIEW_OPEN (a request already waits for the owner)
 */
export async function askOwnerReview(
  deps: MoveCaseDeps,
  input: AskOwnerReviewInput,
  now: Date = new Date(),
): Promise<OwnerReviewRow> {
  return deps.db.transaction(async (tx) => {
    const { row, playbook } = await lockCaseForSubmission(
      tx,
      input.requestId,
      input.expectedVersion,
      'The owner is asked for the in-app review while the case is in review or its appeal is with the platform.',
    );
    const channel = playbook.content.channels[input.channelIndex];
    if (channel?.kind !== 'in-app-review-by-owner') {
      const message = 'Choose the in-app review channel of this case’s playbook.';
      throw new AppError('VALIDATION_FAILED', message, { fields: { channelIndex: message } });
    }
    const waiting = await openRequestOf(tx, row.id);
    if (waiting) {
      throw new AppError(
        'OWNER_REVIEW_OPEN',
        `The owner was asked on ${waiting.requestedAt.toISOString().slice(0, 10)} and has not confirmed yet; they are reminded by e-mail if they do not.`,
      );
    }
    const [asked] = await tx
      .insert(ownerReviews)
      .values({
        requestId: row.id,
        playbookId: playbook.id,
        playbookVersion: playbook.version,
        channelIndex: input.channelIndex,
        message: input.message ?? null,
        requestedByUid: input.operatorUid,
        requestedAt: now,
      })
      .returning();
    if (!asked) throw new Error('Inserting an owner review request returned no row');

    const app = appOf(row);
    await addCaseNote(
      tx,
      {
        requestId: row.id,
        actor: 'operator',
        actorUid: input.operatorUid,
        messageToCustomer: [ownerReviewRequestedLine(app), input.message]
          .filter(Boolean)
          .join('\n\n'),
        notice: {
          kind: 'owner_review_requested',
          app: getMessagingApp(app).name,
          message: input.message || null,
        },
        internalNote: `Asked the owner to send the in-app review (${channelKindLabels[channel.kind]}, playbook version ${playbook.version}).`,
      },
      deps.config.replyDeadlines.calendar,
    );
    await enqueueEmail(tx, {
      idempotencyKey: `email:owner-review:${asked.id}`,
      to: row.contactEmail,
      template: 'owner_review_requested',
      data: {
        requestId: row.id,
        reference: row.reference,
        locale: row.locale,
        state: row.caseState,
        plan: planIdSchema.parse(row.plan),
        messageToCustomer: input.message ?? null,
        steps: stepsForCase(row),
        stepsFor: { messagingApp: appOf(row), device: deviceOf(row) },
      },
    });
    return asked;
  });
}

/** Thrown inside the confirmation's transaction when another click confirmed first. */
class AlreadyConfirmed extends Error {}

/** Thrown when the case left the review between the first read and the lock. */
class NoLongerInReview extends Error {}

export interface ConfirmOwnerReviewInput {
  requestId: string;
  ownerUid: string;
}

/**
 * The owner confirms they sent the in-app review: the time on the request, the appeal it
 * is (through the in-app review channel, recorded, dated now, follow-up dates from the
 * playbook, credited to the operator who asked), a line on both timelines and, while the
 * case is in review, the move to "appeal submitted", all in one transaction. Confirming
 * again changes nothing.
 *
 * @returns the request as it is afterwards
 * @throws AppError NOT_FOUND (no such request, or not the caller's), OWNER_REVIEW_NOT_REQUESTED
 */
export async function confirmOwnerReview(
  deps: MoveCaseDeps,
  input: ConfirmOwnerReviewInput,
  now: Date = new Date(),
): Promise<RequestRow> {
  const before = await findRequestById(deps.db, input.requestId);
  if (!before || before.ownerUid !== input.ownerUid) {
    throw new AppError('NOT_FOUND', 'We could not find this request.');
  }

  const record = async (tx: Transaction, moving: boolean): Promise<{ note: string }> => {
    const row = await lockCase(tx, before.id);
    if (moving && row.caseState !== 'in_review') throw new NoLongerInReview();
    const [latest] = await tx
      .select()
      .from(ownerReviews)
      .where(eq(ownerReviews.requestId, row.id))
      .orderBy(desc(ownerReviews.requestedAt), desc(ownerReviews.id))
      .limit(1)
      .for('update');
    if (latest?.confirmedAt) throw new AlreadyConfirmed();
    if (!latest || !ownerReviewOpenStates.includes(row.caseState)) {
      throw new AppError(
        'OWNER_REVIEW_NOT_REQUESTED',
        'There is no review request waiting for you on this case.',
      );
    }
    const [playbook] = await tx.select().from(playbooks).where(eq(playbooks.id, latest.playbookId));
    // The request named a channel of this playbook version, and versions are never changed.
    const channel = playbook?.content.channels[latest.channelIndex];
    if (!channel) throw new Error(`Owner review ${latest.id} names no channel of its playbook`);
    const app = appOf(row);
    const appeal = await insertAppealRow(
      tx,
      {
        requestId: row.id,
        playbookId: latest.playbookId,
        playbookVersion: latest.playbookVersion,
        channelIndex: latest.channelIndex,
        channelKind: 'in-app-review-by-owner',
        kind: (await hasAppealThrough(tx, row.id, latest.channelIndex)) ? 'follow_up' : 'appeal',
        delivery: 'recorded',
        subject: 'In-app review requested by the owner',
        body: `The owner confirmed on the case page that they sent the in-app "Request a review" in ${getMessagingApp(app).name}.`,
        operatorUid: latest.requestedByUid,
        submittedAt: now,
      },
      channel.followUp,
    );
    await tx
      .update(ownerReviews)
      .set({ confirmedAt: now, confirmedByUid: input.ownerUid, appealId: appeal.id })
      .where(eq(ownerReviews.id, latest.id));
    await addCaseNote(
      tx,
      {
        requestId: row.id,
        actor: 'customer',
        actorUid: input.ownerUid,
        messageToCustomer: ownerReviewConfirmedLine(app),
        notice: { kind: 'owner_review_confirmed', app: getMessagingApp(app).name },
        internalNote: `Owner confirmed the in-app review (asked ${latest.requestedAt.toISOString()}); recorded as an appeal through the in-app review channel, playbook version ${latest.playbookVersion}.`,
      },
      deps.config.replyDeadlines.calendar,
    );
    return {
      note: `Appeal through the owner's in-app review, confirmed by the owner (playbook version ${latest.playbookVersion}).`,
    };
  };

  const recordOnly = () =>
    deps.db.transaction(async (tx) => {
      await record(tx, false);
    });
  try {
    if (before.caseState === 'in_review') {
      // The confirmation is the appeal, so the case moves with it; the system makes the
      // move on the owner's word (the edge allows it only with an appeal on record).
      return await moveCase(
        deps,
        { requestId: before.id, to: 'appeal_submitted', actor: 'system', actorUid: null },
        async (tx) => {
          const { note } = await record(tx, true);
          return {
            messageToCustomer: `Your review request in ${getMessagingApp(appOf(before)).name} is your appeal: it is now with WhatsApp.`,
            customerNotice: {
              kind: 'owner_review_is_appeal',
              app: getMessagingApp(appOf(before)).name,
            },
            internalNote: note,
          };
        },
      );
    }
    await recordOnly();
  } catch (error) {
    if (error instanceof NoLongerInReview) {
      // An operator moved the case meanwhile (e.g. sent an appeal): record it without a move.
      try {
        await recordOnly();
      } catch (again) {
        if (!(again instanceof AlreadyConfirmed)) throw again;
      }
    } else if (!(error instanceof AlreadyConfirmed)) {
      throw error;
    }
  }
  const after = await findRequestById(deps.db, before.id);
  if (!after) throw new AppError('NOT_FOUND', 'We could not find this request.');
  return after;
}

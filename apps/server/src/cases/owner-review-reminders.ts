import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { ownerReviewSteps } from '@unban/contract/owner-review';
import { messagingAppIdSchema } from '@unban/contract/messaging-apps';
import { planIdSchema } from '@unban/contract/plan-id';
import { deviceSchema } from '@unban/contract/requests';
import type { CaseState } from '@unban/contract/case-states';
import type { Database } from '../db/client';
import { ownerReviews, requests } from '../db/schema';
import { enqueueEmail } from '../jobs/email-outbox';

export interface OwnerReviewReminderSettings {
  /** Remind once a request has waited this many hours without the owner's confirmation. */
  reminderAfterHours: number;
}

/** Requests reminded per sweep; the next sweep takes the rest. */
const BATCH = 50;

/** While the appeal work runs; a case that reached its outcome reminds nobody. */
const remindedStates: CaseState[] = ['in_review', 'needs_info', 'appeal_submitted'];

/**
 * E-mails the owner once about every in-app review request that has waited longer than the
 * setting without their confirmation (docs/decisions/022): the row is marked
 * `reminder_sent_at` in the transaction that enqueues the e-mail, whose outbox key is the
 * request's own, so one request gets one reminder whatever the number of instances. Rows
 * are claimed with SKIP LOCKED, so instances sweeping at once share the work.
 *
 * @returns how many reminders were enqueued
 */
export async function sweepOwnerReviewReminders(
  db: Database,
  settings: OwnerReviewReminderSettings,
  now: Date = new Date(),
): Promise<number> {
  const askedBefore = new Date(now.getTime() - settings.reminderAfterHours * 3_600_000);
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select({
        id: ownerReviews.id,
        message: ownerReviews.message,
        requestId: requests.id,
        reference: requests.reference,
        caseState: requests.caseState,
        plan: requests.plan,
        contactEmail: requests.contactEmail,
        locale: requests.locale,
        messagingApp: requests.messagingApp,
        device: requests.device,
      })
      .from(ownerReviews)
      .innerJoin(requests, eq(requests.id, ownerReviews.requestId))
      .where(
        and(
          isNull(ownerReviews.confirmedAt),
          isNull(ownerReviews.reminderSentAt),
          lte(ownerReviews.requestedAt, askedBefore),
          inArray(requests.caseState, remindedStates),
        ),
      )
      .orderBy(asc(ownerReviews.requestedAt))
      .limit(BATCH)
      .for('update', { of: ownerReviews, skipLocked: true });
    for (const review of waiting) {
      const app = messagingAppIdSchema.safeParse(review.messagingApp);
      const device = deviceSchema.safeParse(review.device);
      const stepsFor = {
        messagingApp: app.success ? app.data : ('whatsapp' as const),
        device: device.success ? device.data : ('other' as const),
      };
      await enqueueEmail(tx, {
        idempotencyKey: `email:owner-review-reminder:${review.id}`,
        to: review.contactEmail,
        template: 'owner_review_reminder',
        data: {
          requestId: review.requestId,
          reference: review.reference,
          locale: review.locale,
          state: review.caseState,
          plan: planIdSchema.parse(review.plan),
          messageToCustomer: review.message,
          steps: ownerReviewSteps(stepsFor.messagingApp, stepsFor.device),
          stepsFor,
        },
      });
      await tx
        .update(ownerReviews)
        .set({ reminderSentAt: now })
        .where(eq(ownerReviews.id, review.id));
    }
    return waiting.length;
  });
}

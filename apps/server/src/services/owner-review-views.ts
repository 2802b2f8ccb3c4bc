import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { CaseState } from '@unban/contract/case-states';
import { messagingAppIdSchema } from '@unban/contract/messaging-apps';
import type { MessagingAppId } from '@unban/contract/messaging-apps';
import { ownerReviewSteps } from '@unban/contract/owner-review';
import type { OwnerReview, OwnerReviewWorkbench } from '@unban/contract/owner-review';
import { channelKindLabels } from '@unban/contract/playbooks';
import { deviceSchema } from '@unban/contract/requests';
import type { Device } from '@unban/contract/requests';
import type { Database } from '../db/client';
import { ownerReviews } from '../db/schema';
import type { OwnerReviewRow, PlaybookRow, RequestRow } from '../db/schema';

/*
 * How the owner's in-app review reads (docs/decisions/022): on the customer's case page, in
 * the appeal workbench and in the data export.
 */

/** The owner may confirm, and is reminded, while the appeal work runs. */
export const ownerReviewOpenStates: readonly CaseState[] = [
  'in_review',
  'needs_info',
  'appeal_submitted',
];

export function appOf(row: Pick<RequestRow, 'messagingApp'>): MessagingAppId {
  const app = messagingAppIdSchema.safeParse(row.messagingApp);
  return app.success ? app.data : 'whatsapp';
}

export function deviceOf(row: Pick<RequestRow, 'device'>): Device {
  const device = deviceSchema.safeParse(row.device);
  return device.success ? device.data : 'other';
}

/** The steps the owner of this case follows, for their app and phone. */
export function stepsForCase(row: Pick<RequestRow, 'messagingApp' | 'device'>): string[] {
  return ownerReviewSteps(appOf(row), deviceOf(row));
}

/** The latest request to the owner, as their case page shows it; null: never asked. */
export async function ownerReviewForCase(
  db: Database,
  row: RequestRow,
): Promise<OwnerReview | null> {
  const [latest] = await db
    .select()
    .from(ownerReviews)
    .where(eq(ownerReviews.requestId, row.id))
    .orderBy(desc(ownerReviews.requestedAt), desc(ownerReviews.id))
    .limit(1);
  if (!latest) return null;
  return {
    requestedAt: latest.requestedAt.toISOString(),
    message: latest.message,
    steps: stepsForCase(row),
    confirmedAt: latest.confirmedAt?.toISOString() ?? null,
    canConfirm: latest.confirmedAt === null && ownerReviewOpenStates.includes(row.caseState),
  };
}

/** Every request to the owner on these cases, oldest first. */
export async function ownerReviewRowsOf(
  db: Database,
  requestIds: readonly string[],
): Promise<OwnerReviewRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(ownerReviews)
    .where(inArray(ownerReviews.requestId, [...requestIds]))
    .orderBy(asc(ownerReviews.requestedAt), asc(ownerReviews.id));
}

/** The owner's channel on the appeal workbench; null when the playbook version has none. */
export async function ownerReviewWorkbench(
  db: Database,
  row: RequestRow,
  playbook: PlaybookRow,
  /** Whether the case's state allows submitting appeals (appeal-workbench.ts). */
  submittable: boolean,
): Promise<OwnerReviewWorkbench | null> {
  const channelIndex = playbook.content.channels.findIndex(
    (channel) => channel.kind === 'in-app-review-by-owner',
  );
  const requestRows = await ownerReviewRowsOf(db, [row.id]);
  if (channelIndex < 0 && requestRows.length === 0) return null;
  const index = channelIndex < 0 ? (requestRows[0]?.channelIndex ?? 0) : channelIndex;
  return {
    channelIndex: index,
    label: channelKindLabels['in-app-review-by-owner'],
    steps: stepsForCase(row),
    canAsk:
      channelIndex >= 0 &&
      submittable &&
      requestRows.every((review) => review.confirmedAt !== null),
    requests: requestRows.map((review) => ({
      id: review.id,
      requestedAt: review.requestedAt.toISOString(),
      requestedByUid: review.requestedByUid,
      message: review.message,
      playbookVersion: review.playbookVersion,
      confirmedAt: review.confirmedAt?.toISOString() ?? null,
      reminderSentAt: review.reminderSentAt?.toISOString() ?? null,
    })),
  };
}

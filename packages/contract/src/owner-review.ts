import { z } from 'zod';
import { getMessagingApp } from './messaging-apps';
import type { MessagingAppId } from './messaging-apps';
import type { Device } from './requests';

/*
 * The owner's part of an appeal (issue 14 point 4, decision 022): WhatsApp's in-app "Request
 * a review" needs the 6-digit code WhatsApp texts to the banned number, which we never ask
 * for, so only the owner can send it. An operator asks them to; the case page shows the steps
 * for their app and phone beside our no-codes pledge, and a button to confirm they sent it.
 */

/** The steps the owner follows, in the words of their app and phone (Android, iPhone, other). */
export function ownerReviewSteps(app: MessagingAppId, device: Device): string[] {
  const name = getMessagingApp(app).name;
  const store =
    device === 'android'
      ? 'the Google Play Store'
      : device === 'iphone'
        ? 'the App Store'
        : 'your phone’s official app store';
  const phone = device === 'android' ? 'Android phone' : device === 'iphone' ? 'iPhone' : 'phone';
  return [
    `Open ${name} on your ${phone}, with the banned number. Use the official app from ${store}; if you use a modified app (GB WhatsApp, WhatsApp Plus or similar), install the official one first.`,
    'On the screen that says your account is banned, tap “Request a review”.',
    `${name} sends a 6-digit code by SMS to the banned number. Type it into ${name} on your phone, and nowhere else: do not send it to anyone, us included.`,
    'When the app asks why, write one or two polite sentences: what you use the number for, and that you believe the ban is a mistake. Then send the request.',
    `${name} then says your request was sent. Send it once: more requests do not speed up the review.`,
    'Come back to this page and press “I have submitted the review”, so we know and can follow it up.',
  ];
}

export const ownerReviewLimits = { message: 2000 } as const;

const timestampSchema = z.iso.datetime({ offset: true });

/**
 * The latest time we asked the owner for the in-app review, as the case page shows it (no
 * operator identity). `steps` are for the app and phone of the request.
 */
export const ownerReviewSchema = z.object({
  requestedAt: timestampSchema,
  /** The operator's own words with the request, if they wrote any. */
  message: z.string().nullable(),
  steps: z.array(z.string()),
  /** When the owner confirmed they sent it; null while we wait for them. */
  confirmedAt: timestampSchema.nullable(),
  /** Whether they can confirm now (asked, not yet confirmed, the case still open). */
  canConfirm: z.boolean(),
});
export type OwnerReview = z.infer<typeof ownerReviewSchema>;

/** `POST /api/requests/:id/owner-review/confirm`: the owner says they sent the review. */
export const confirmOwnerReviewBodySchema = z.object({
  confirm: z.literal(true, { error: 'Confirm that you sent the review request in the app.' }),
});
export type ConfirmOwnerReviewBody = z.infer<typeof confirmOwnerReviewBodySchema>;

/** `POST /api/admin/requests/:id/owner-review`: ask the owner to send the in-app review. */
export const requestOwnerReviewBodySchema = z.object({
  /** The in-app review channel's index in the case's playbook version. */
  channelIndex: z.number().int().min(0).max(20),
  /** Added to the steps on the case page and in the e-mail (e.g. what to write). */
  message: z
    .string()
    .trim()
    .max(ownerReviewLimits.message, `Keep it to ${ownerReviewLimits.message} characters or fewer.`)
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value)),
  /** The case version the operator read; another change since is a CONFLICT. */
  expectedVersion: z.number().int().positive(),
});
export type RequestOwnerReviewBodyInput = z.input<typeof requestOwnerReviewBodySchema>;

/** One request to the owner as the back office sees it. */
export const ownerReviewRecordSchema = z.object({
  id: z.uuid(),
  requestedAt: timestampSchema,
  requestedByUid: z.string(),
  message: z.string().nullable(),
  playbookVersion: z.number().int().positive(),
  confirmedAt: timestampSchema.nullable(),
  /** When the one reminder e-mail went out, if the owner had not confirmed in time. */
  reminderSentAt: timestampSchema.nullable(),
});
export type OwnerReviewRecord = z.infer<typeof ownerReviewRecordSchema>;

/** The owner's channel on the appeal workbench; null when the playbook version has none. */
export const ownerReviewWorkbenchSchema = z.object({
  channelIndex: z.number().int().nonnegative(),
  label: z.string(),
  /** What the owner is shown, for their app and phone. */
  steps: z.array(z.string()),
  /** The case allows asking and no request is waiting for the owner. */
  canAsk: z.boolean(),
  /** Oldest first. */
  requests: z.array(ownerReviewRecordSchema),
});
export type OwnerReviewWorkbench = z.infer<typeof ownerReviewWorkbenchSchema>;

/** The customer's timeline line when they confirm. */
export function ownerReviewConfirmedLine(app: MessagingAppId): string {
  return `You confirmed that you sent the review request in ${getMessagingApp(app).name}.`;
}

/** The customer's timeline line when we ask. */
export function ownerReviewRequestedLine(app: MessagingAppId): string {
  const name = getMessagingApp(app).name;
  return `Please request a review in ${name} yourself: it needs the code ${name} texts to your number, which only you should see. The steps are on this page.`;
}

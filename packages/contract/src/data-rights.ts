import { z } from 'zod';
import { evidenceItemSchema } from './evidence';
import { localeSchema } from './locales';
import { requestDetailSchema } from './requests';
import { paymentStateSchema } from './state-schemas';

// The rules themselves (who may cancel when, how long we keep what) are in data-rules.ts,
// which loads no zod: the privacy page states them.

const timestampSchema = z.iso.datetime({ offset: true });

/**
 * The body of the two actions that cannot be undone: the caller confirms on purpose (the
 * screens ask first), so a stray or replayed call without it changes nothing.
 */
export const cancelRequestBodySchema = z.object({
  confirm: z.literal(true, { error: 'Confirm that you want to cancel this request.' }),
});
export type CancelRequestBody = z.infer<typeof cancelRequestBodySchema>;

export const eraseDataBodySchema = z.object({
  confirm: z.literal(true, { error: 'Confirm that you want to erase your data.' }),
});
export type EraseDataBody = z.infer<typeof eraseDataBodySchema>;

/** One payment attempt as the customer's export lists it: never card data (we hold none). */
export const exportedPaymentSchema = z.object({
  createdAt: timestampSchema,
  provider: z.string(),
  state: paymentStateSchema,
  amountMinor: z.number().int(),
  refundedMinor: z.number().int(),
  currency: z.string(),
});

/** One e-mail we wrote to the customer (queued or sent). */
export const exportedEmailSchema = z.object({
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  to: z.string(),
  subject: z.string(),
  /** pending | sending | sent | failed */
  status: z.string(),
});

/** An appeal we submitted for the customer: it quotes them, so it is theirs to read too. */
export const exportedAppealSchema = z.object({
  submittedAt: timestampSchema,
  /** appeal | follow_up */
  kind: z.string(),
  /** support-email | web-form | business-manager */
  channel: z.string(),
  /** The platform's address, when we sent it by e-mail. */
  sentTo: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
});

/** A reply of the platform recorded on the case. */
export const exportedPlatformReplySchema = z.object({
  receivedAt: timestampSchema,
  from: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  /** restored | ban_kept | other, or null while undecided. */
  outcome: z.string().nullable(),
});

/** Each time we asked the owner for the in-app review, and when they confirmed. */
export const exportedOwnerReviewSchema = z.object({
  requestedAt: timestampSchema,
  message: z.string().nullable(),
  confirmedAt: timestampSchema.nullable(),
  reminderSentAt: timestampSchema.nullable(),
});

export const exportedRequestSchema = requestDetailSchema.extend({
  /** The language the customer ordered in: their e-mails were written in it. */
  locale: localeSchema,
  payments: z.array(exportedPaymentSchema),
  evidence: z.array(evidenceItemSchema),
  emails: z.array(exportedEmailSchema),
  appeals: z.array(exportedAppealSchema),
  platformReplies: z.array(exportedPlatformReplySchema),
  ownerReviews: z.array(exportedOwnerReviewSchema),
});

/** `GET /api/account/data`: everything we hold about the caller, as one JSON download. */
export const dataExportSchema = z.object({
  exportedAt: timestampSchema,
  account: z.object({
    uid: z.string(),
    email: z.string().nullable(),
    signInProvider: z.string(),
  }),
  requests: z.array(exportedRequestSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `DELETE /api/account/data`: what the erasure did. */
export const eraseResponseSchema = z.object({
  /** Requests whose personal data was erased. */
  erasedRequests: z.number().int().nonnegative(),
  /** Of those, the ones whose anonymized payment record we must keep (dataRetention). */
  keptPaymentRecords: z.number().int().nonnegative(),
});
export type EraseResponse = z.infer<typeof eraseResponseSchema>;

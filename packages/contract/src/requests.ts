import { z } from 'zod';
import { validationCode } from './validation-codes';
import { caseStateSchema, paymentStateSchema } from './state-schemas';
import { defaultLocale, localeSchema } from './locales';
import { messagingAppIdSchema } from './messaging-apps';
import { ownerReviewSchema } from './owner-review';
import { phoneE164Schema } from './phone';
import { planIds } from './plans';
import { timelineNoticeSchema } from './timeline-notices';

/*
 * The unban request ("case") API: what the order form sends, and what the customer's screens
 * read back. The server validates bodies with these schemas and the browser's form builds on
 * the same field schemas, so both give the same messages.
 *
 * Objects are plain `z.object`, not strict: unknown keys are STRIPPED, not rejected. A client
 * that sends `amount` (or anything else) gets it silently dropped, so nothing but the plan id
 * can influence the price, and an older client sending a retired field keeps working.
 */

/** Longest accepted text per field, in characters (after trimming). */
export const requestLimits = {
  banMessage: 500,
  usage: 1000,
  // RFC 5321 caps a forward path at 256 octets including the angle brackets.
  contactEmail: 254,
  reply: 2000,
} as const;

function isMissing(input: unknown): boolean {
  return input === undefined || input === null;
}

/**
 * A trimmed, non-empty string of at most `max` characters; `required` is said both when it is
 * missing and when it is only spaces.
 */
function requiredText(max: number, required: string, wrongType: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? required : wrongType) })
    .trim()
    .min(1, required)
    .max(max, {
      error: (issue) => {
        const length = typeof issue.input === 'string' ? issue.input.length : undefined;
        return length === undefined
          ? validationCode('text.tooLong', { max })
          : validationCode('text.tooLongNow', { max, now: length });
      },
    });
}

export const accountTypes = ['personal', 'business'] as const;
export const accountTypeSchema = z.enum(accountTypes, {
  error: validationCode('request.accountType'),
});
export type AccountType = z.infer<typeof accountTypeSchema>;
export const accountTypeLabels: Readonly<Record<AccountType, string>> = {
  personal: 'Personal',
  business: 'Business',
};

export const devices = ['android', 'iphone', 'other'] as const;
export const deviceSchema = z.enum(devices, {
  error: validationCode('request.device'),
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceLabels: Readonly<Record<Device, string>> = {
  android: 'Android',
  iphone: 'iPhone',
  other: 'Other',
};

/**
 * When the ban happened, as a period counted back from the moment the request is submitted
 * (the server keeps the submission time, so "past 7 days" stays meaningful later). Customers
 * rarely know the date, and a date they guess is worse than a period they are sure of; the
 * period is enough for an operator to pick the right appeal route.
 */
export const bannedAtPeriods = ['today', 'this_week', 'this_month', 'earlier'] as const;
export const bannedAtSchema = z.enum(bannedAtPeriods, {
  error: validationCode('request.bannedAt'),
});
export type BannedAtPeriod = z.infer<typeof bannedAtSchema>;
export const bannedAtLabels: Readonly<Record<BannedAtPeriod, string>> = {
  today: 'Today',
  this_week: 'In the past 7 days',
  this_month: 'In the past 30 days',
  earlier: 'More than 30 days ago',
};

export const banMessageSchema = requiredText(
  requestLimits.banMessage,
  validationCode('request.banMessage'),
  validationCode('request.banMessageType'),
);

export const usageSchema = requiredText(
  requestLimits.usage,
  validationCode('request.usage'),
  validationCode('request.usageType'),
);

export const contactEmailSchema = requiredText(
  requestLimits.contactEmail,
  validationCode('request.email'),
  validationCode('request.emailType'),
)
  .pipe(z.email(validationCode('request.emailInvalid')))
  // Lower-cased so one customer is one address for search and for sending.
  .transform((email) => email.toLowerCase());

/** The plan ids of plans.ts, with a message a customer can act on. */
export const requestPlanSchema = z.enum(planIds, { error: validationCode('request.plan') });

export const ownsNumberSchema = z.literal(true, {
  error: validationCode('request.ownsNumber'),
});

export const acceptsTermsSchema = z.literal(true, {
  error: validationCode('request.acceptsTerms'),
});

/**
 * `POST /api/requests` body. `phone` is any string that carries its country code ("+44 …"),
 * normalised to E.164; every text is trimmed. There is no amount: the price is the plan's.
 */
// Pure: screens that import only the response schemas must not pull in the phone metadata.
export const createRequestBodySchema = /* @__PURE__ */ z.object({
  messagingApp: messagingAppIdSchema,
  phone: phoneE164Schema,
  accountType: accountTypeSchema,
  device: deviceSchema,
  banMessage: banMessageSchema,
  bannedAt: bannedAtSchema,
  usage: usageSchema,
  contactEmail: contactEmailSchema,
  plan: requestPlanSchema,
  ownsNumber: ownsNumberSchema,
  acceptsTerms: acceptsTermsSchema,
  /**
   * The language of the document the form was filled in: the customer's e-mails are written
   * in it and it picks the currency charged. Optional so that clients older than the
   * languages keep working; they get English, as before.
   */
  locale: localeSchema.default(defaultLocale),
});
/** What a client sends. */
export type CreateRequestBodyInput = z.input<typeof createRequestBodySchema>;
/** What the server works with after validation (E.164 phone, trimmed texts). */
export type CreateRequestBody = z.output<typeof createRequestBodySchema>;

// ---- answers ---------------------------------------------------------------------------

const uuidSchema = z.uuid();
/** ISO 8601 with a zone, as `Date.prototype.toISOString()` writes it. */
const timestampSchema = z.iso.datetime({ offset: true });
const currencySchema = z.string().regex(/^[A-Z]{3}$/);
const amountMinorSchema = z.number().int().nonnegative();
const e164Schema = z.string().regex(/^\+[1-9]\d{6,14}$/);

/** The customer-facing case reference, "UB-" and 8 upper-case letters or digits. */
export const requestReferenceSchema = z.string().regex(/^UB-[0-9A-Z]{8}$/);

/** The unguessable token of the payment-status link (URL-safe, at least 128 bits). */
export const statusTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,256}$/);

/**
 * Where the browser is sent to pay. Only http(s): the browser assigns it to
 * `window.location`, and a `javascript:` address there would run script on our origin.
 */
export const checkoutUrlSchema = z.url({ protocol: /^https?$/ });

export const createRequestResponseSchema = z.object({
  id: uuidSchema,
  reference: requestReferenceSchema,
  statusToken: statusTokenSchema,
  checkoutUrl: checkoutUrlSchema,
});
export type CreateRequestResponse = z.infer<typeof createRequestResponseSchema>;

/** One request in the customer's list ("My requests"); the number is masked. */
export const requestSummarySchema = z.object({
  id: uuidSchema,
  reference: requestReferenceSchema,
  messagingApp: messagingAppIdSchema,
  /** `maskPhone()` of the number: only its last digits. */
  phoneMasked: z.string(),
  plan: requestPlanSchema,
  priceMinor: amountMinorSchema,
  currency: currencySchema,
  caseState: caseStateSchema,
  /** The state of the latest payment attempt. */
  paymentState: paymentStateSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

/** `GET /api/requests`: the signed-in customer's own requests, newest first. */
export const requestListResponseSchema = z.object({
  requests: z.array(requestSummarySchema),
});
export type RequestListResponse = z.infer<typeof requestListResponseSchema>;

/**
 * The form's answers as stored. The full number is included: only the signed-in owner reads
 * a request's detail, and seeing it is how they catch a typo before the appeal goes out.
 */
export const requestAnswersSchema = z.object({
  messagingApp: messagingAppIdSchema,
  /** Empty once the customer has erased their data (operators still see the case). */
  phone: e164Schema.or(z.literal('')),
  accountType: accountTypeSchema,
  device: deviceSchema,
  banMessage: z.string(),
  bannedAt: bannedAtSchema,
  usage: z.string(),
  contactEmail: z.string(),
});
export type RequestAnswers = z.infer<typeof requestAnswersSchema>;

export const timelineActors = ['customer', 'operator', 'system'] as const;
export const timelineActorSchema = z.enum(timelineActors);
export type TimelineActor = z.infer<typeof timelineActorSchema>;

/**
 * One entry of the case timeline as the customer sees it (internal notes and operator
 * identities are never sent). A message without a state change has `fromState === toState`.
 */
export const timelineEntrySchema = z.object({
  at: timestampSchema,
  actor: timelineActorSchema,
  /** null on the entry that created the case. */
  fromState: caseStateSchema.nullable(),
  toState: caseStateSchema,
  /** What the operator (or the system) told the customer with this move. */
  messageToCustomer: z.string().nullable(),
  /**
   * The same words as a code and values when the system wrote them (timeline-notices.ts), for
   * the customer's language; absent or null for an operator's own words and older rows.
   */
  notice: timelineNoticeSchema.nullable().optional(),
  /** The customer's own reply, on entries whose actor is the customer. */
  customerReply: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** `GET /api/requests/:id`: the case page. */
export const requestDetailSchema = requestSummarySchema.extend({
  answers: requestAnswersSchema,
  /** Oldest first. */
  timeline: z.array(timelineEntrySchema),
  /** The operator's open question while the case is `needs_info`, else null. */
  needsInfoQuestion: z.string().nullable(),
  /**
   * When the plan promises the next operator reply by (business hours counted), while one is
   * owed; null when the next step is the customer's or nothing more is owed.
   */
  nextReplyBy: timestampSchema.nullable(),
  /**
   * The latest time we asked the owner to send the app's in-app review themselves (it needs
   * the SMS code), with the steps for their phone and whether they confirmed; null: never asked.
   */
  ownerReview: ownerReviewSchema.nullable(),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

/**
 * `GET /api/payments/status?order=…&token=…`: readable with the status token alone, so it
 * carries nothing personal beyond the masked number.
 */
export const paymentStatusResponseSchema = z.object({
  reference: requestReferenceSchema,
  amountMinor: amountMinorSchema,
  currency: currencySchema,
  paymentState: paymentStateSchema,
  caseState: caseStateSchema,
  phoneMasked: z.string(),
  plan: requestPlanSchema,
  updatedAt: timestampSchema,
  /** The latest attempt failed or expired and the case still waits for payment. */
  canRetry: z.boolean(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/**
 * `:id` of `/api/requests/:id…`: the request's id (retry-payment also takes its reference).
 * Not checked for shape here: an id that is not one of ours is simply not found (404).
 */
export const requestIdParamsSchema = z.object({ id: z.string().max(100) });

/** `GET /api/payments/status` */
export const paymentStatusQuerySchema = z.object({
  order: z.string({ error: 'Send the order reference or id.' }).trim().min(1).max(100),
  token: z.string().max(256).optional(),
});

/** `POST /api/requests/:id/retry-payment`: the status token, when the caller has one. */
export const retryPaymentQuerySchema = z.object({ token: z.string().max(256).optional() });

/** Starting a new checkout attempt after a failed or expired one. */
export const retryPaymentResponseSchema = z.object({
  checkoutUrl: checkoutUrlSchema,
});
export type RetryPaymentResponse = z.infer<typeof retryPaymentResponseSchema>;

/** The customer's answer on the case page (while the case needs information). */
export const customerReplyBodySchema = z.object({
  message: requiredText(
    requestLimits.reply,
    validationCode('reply.message'),
    validationCode('reply.messageType'),
  ),
});
export type CustomerReplyBody = z.output<typeof customerReplyBodySchema>;

/** Shown next to the number field and in every e-mail: we never need these. */
export const noCodesPledge = 'We never ask for your SMS code, two-step PIN or password.';

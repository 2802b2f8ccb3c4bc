import { z } from 'zod';
import { caseStates } from './case-states';
import { channelKindSchema, playbookBanTypeSchema } from './playbooks';
import { localeSchema } from './locales';
import { messagingAppIdSchema } from './messaging-apps';
import { caseStateSchema, paymentStateSchema } from './state-schemas';
import { planIdSchema } from './plan-id';
import { requestAnswersSchema, requestReferenceSchema } from './requests';

/*
 * The back office API (`/api/admin/...`), operators and admins only. Every query, body and
 * answer of it, so the back office screens and the server parse the same shapes.
 */

const uuidSchema = z.uuid();
const timestampSchema = z.iso.datetime({ offset: true });
const currencySchema = z.string().regex(/^[A-Z]{3}$/);
const amountMinorSchema = z.number().int().nonnegative();
const versionSchema = z.coerce.number().int().positive();

/** Longest operator texts, in characters. */
export const adminLimits = {
  message: 2000,
  note: 2000,
  reason: 500,
  search: 100,
  queuePage: 100,
} as const;

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Keep it to ${max} characters or fewer.`)
    .optional()
    .transform((text) => (text === undefined || text === '' ? undefined : text));
}

// ---- the queue -------------------------------------------------------------------------

/**
 * `due_asc`: the reply deadline soonest first (missed ones first of all), none last.
 * `follow_up_asc`: the appeal work soonest due first (a follow-up owed to the platform, or
 * its reply waiting for a decision), none last.
 */
export const queueSorts = [
  'created_desc',
  'created_asc',
  'updated_desc',
  'updated_asc',
  'due_asc',
  'follow_up_asc',
] as const;
export const queueSortSchema = z.enum(queueSorts);
export type QueueSort = z.infer<typeof queueSortSchema>;

/**
 * Cases by their plan's reply deadline: `breached` (due and still unanswered), `due_soon`
 * (due within the server's warning window, REPLY_ALERT_BEFORE_MINUTES, not yet breached).
 */
export const queueDeadlineFilters = ['breached', 'due_soon'] as const;
export const queueDeadlineFilterSchema = z.enum(queueDeadlineFilters);
export type QueueDeadlineFilter = z.infer<typeof queueDeadlineFilterSchema>;

/**
 * `due`: cases whose appeal work is due now: a follow-up owed to the platform, or a reply of
 * the platform waiting for an operator's decision.
 */
export const queueFollowUpFilters = ['due'] as const;
export const queueFollowUpFilterSchema = z.enum(queueFollowUpFilters);
export type QueueFollowUpFilter = z.infer<typeof queueFollowUpFilterSchema>;

/** A query string value that may be repeated (`?caseState=a&caseState=b`) or comma-separated. */
const caseStateListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')))
  .pipe(z.array(caseStateSchema).max(caseStates.length));

/** `GET /api/admin/requests` query. */
export const queueQuerySchema = z.object({
  caseState: caseStateListSchema.optional(),
  paymentState: paymentStateSchema.optional(),
  plan: planIdSchema.optional(),
  messagingApp: messagingAppIdSchema.optional(),
  createdBefore: timestampSchema.optional(),
  createdAfter: timestampSchema.optional(),
  /** Only requests created at least this many hours ago (the queue's "waiting too long"). */
  olderThanHours: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 365)
    .optional(),
  deadline: queueDeadlineFilterSchema.optional(),
  followUp: queueFollowUpFilterSchema.optional(),
  /** A reference (UB-…), an e-mail address or its beginning, or a phone number, its beginning or its last digits. */
  q: z.string().trim().min(1).max(adminLimits.search).optional(),
  sort: queueSortSchema.default('created_desc'),
  limit: z.coerce.number().int().min(1).max(adminLimits.queuePage).default(50),
  /** Opaque: the `nextCursor` of the previous page, with the same filters and sort. */
  cursor: z.string().max(200).optional(),
});
export type QueueQueryInput = z.input<typeof queueQuerySchema>;
export type QueueQuery = z.output<typeof queueQuerySchema>;

export const queueItemSchema = z.object({
  id: uuidSchema,
  reference: requestReferenceSchema,
  messagingApp: messagingAppIdSchema,
  caseState: caseStateSchema,
  caseStateLabel: z.string(),
  paymentState: paymentStateSchema,
  paymentStateLabel: z.string(),
  plan: planIdSchema,
  priceMinor: amountMinorSchema,
  currency: currencySchema,
  phoneMasked: z.string(),
  contactEmail: z.string(),
  /** The customer's language: their e-mails are in it, and an operator answers in it. */
  locale: localeSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  assignedOperatorUid: z.string().nullable(),
  version: z.number().int().positive(),
  /** When the plan's promise needs the next operator reply by; null when none is owed. */
  replyDueAt: timestampSchema.nullable(),
  /** When the appeal work is next due (a follow-up, or a platform reply waiting); null: none. */
  followUpDueAt: timestampSchema.nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueResponseSchema = z.object({
  items: z.array(queueItemSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

// ---- the case view ---------------------------------------------------------------------

export const adminTimelineEntrySchema = z.object({
  id: uuidSchema,
  at: timestampSchema,
  actor: z.enum(['customer', 'operator', 'system']),
  actorUid: z.string().nullable(),
  fromState: caseStateSchema.nullable(),
  toState: caseStateSchema,
  messageToCustomer: z.string().nullable(),
  internalNote: z.string().nullable(),
  customerReply: z.string().nullable(),
});
export type AdminTimelineEntry = z.infer<typeof adminTimelineEntrySchema>;

export const adminPaymentSchema = z.object({
  id: uuidSchema,
  provider: z.string(),
  state: paymentStateSchema,
  amountMinor: amountMinorSchema,
  currency: currencySchema,
  refundRequestedMinor: amountMinorSchema,
  refundedMinor: amountMinorSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** `GET /api/admin/requests/:id` and the answer of every action on a case. */
export const adminCaseSchema = queueItemSchema.extend({
  answers: requestAnswersSchema,
  /** Oldest first. */
  payments: z.array(adminPaymentSchema),
  /** Oldest first, internal notes and actor uids included. */
  timeline: z.array(adminTimelineEntrySchema),
  /** Where an operator may move the case now. */
  allowedNextStates: z.array(caseStateSchema),
});
export type AdminCase = z.infer<typeof adminCaseSchema>;

// ---- actions ---------------------------------------------------------------------------

/** `:id` of `/api/admin/requests/:id…`; an id that is not one of ours is not found (404). */
export const adminRequestParamsSchema = z.object({ id: z.string() });

/** `POST /api/admin/requests/:id/transitions` */
export const adminTransitionBodySchema = z
  .object({
    to: caseStateSchema,
    expectedVersion: versionSchema,
    messageToCustomer: optionalText(adminLimits.message),
    internalNote: optionalText(adminLimits.note),
  })
  .superRefine((body, context) => {
    // Asking for information is a question: the customer must be told what to answer.
    if (body.to === 'needs_info' && body.messageToCustomer === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['messageToCustomer'],
        message: 'Write the question the customer must answer.',
      });
    }
  });
export type AdminTransitionBodyInput = z.input<typeof adminTransitionBodySchema>;

/** `POST /api/admin/requests/:id/notes`: a timeline entry without a state change. */
export const adminNoteBodySchema = z
  .object({
    internalNote: optionalText(adminLimits.note),
    messageToCustomer: optionalText(adminLimits.message),
  })
  .refine((body) => body.internalNote !== undefined || body.messageToCustomer !== undefined, {
    path: ['internalNote'],
    message: 'Write a note or a message first.',
  });
export type AdminNoteBodyInput = z.input<typeof adminNoteBodySchema>;

/** `POST /api/admin/requests/:id/assign`; null takes the case back to the shared queue. */
export const adminAssignBodySchema = z.object({
  operatorUid: z.string().trim().min(1).max(128).nullable(),
  expectedVersion: versionSchema,
});
export type AdminAssignBodyInput = z.input<typeof adminAssignBodySchema>;

/** `POST /api/admin/requests/:id/refund`: a full refund, which the operator must confirm. */
export const adminRefundBodySchema = z.object({
  reason: z
    .string({ error: 'Say why the money is refunded.' })
    .trim()
    .min(1, 'Say why the money is refunded.')
    .max(adminLimits.reason),
  confirm: z.literal(true, { error: 'Confirm the refund.' }),
});
export type AdminRefundBodyInput = z.input<typeof adminRefundBodySchema>;

// ---- operators (admins only) -----------------------------------------------------------

export const staffRoles = ['operator', 'admin'] as const;
export const staffRoleSchema = z.enum(staffRoles);

/** `POST /api/admin/operators` */
export const grantRoleBodySchema = z.object({
  email: z.email('Enter a valid e-mail address.').transform((email) => email.toLowerCase()),
  role: staffRoleSchema,
});
export type GrantRoleBodyInput = z.input<typeof grantRoleBodySchema>;

/** The answer of `POST /api/admin/operators` and `DELETE /api/admin/operators/:email`. */
export const roleChangeResponseSchema = z.object({
  uid: z.string(),
  email: z.string(),
  previousRole: z.enum(['customer', 'operator', 'admin']),
  role: z.enum(['customer', 'operator', 'admin']),
  changed: z.boolean(),
});
export type RoleChangeResponse = z.infer<typeof roleChangeResponseSchema>;

// ---- dashboard -------------------------------------------------------------------------

const moneyTotalSchema = z.object({
  currency: currencySchema,
  count: z.number().int().nonnegative(),
  amountMinor: amountMinorSchema,
});

/** Reply deadlines decided in a window: answered in time, out of all that fell due or were answered. */
const onTimeCountSchema = z.object({
  total: z.number().int().nonnegative(),
  onTime: z.number().int().nonnegative(),
});
export type OnTimeCount = z.infer<typeof onTimeCountSchema>;

/** `GET /api/admin/dashboard` */
export const dashboardResponseSchema = z.object({
  /** Every case state, zero included. */
  requestsByCaseState: z.record(caseStateSchema, z.number().int().nonnegative()),
  /** Payments confirmed in the last 7 days (cases that left awaiting_payment for queued). */
  paidLast7Days: z.array(moneyTotalSchema),
  /** Median time from the confirmed payment to unbanned, denied or not_eligible; null: none. */
  medianSecondsPaidToOutcome: z.number().nonnegative().nullable(),
  /** Money the provider confirmed as refunded, all time. */
  refunds: z.array(moneyTotalSchema),
  /**
   * The plans' reply promise kept, per plan (every plan, zero included): deadlines decided in
   * the last 7 and 30 days, at the answer when it came in time, else at the due instant.
   */
  replyOnTime: z.record(
    planIdSchema,
    z.object({ last7Days: onTimeCountSchema, last30Days: onTimeCountSchema }),
  ),
  /**
   * Appeals' outcomes, per ban type (of the playbook used) and channel: each case counts once
   * in every channel it was appealed through, all time. Time to outcome runs from its first
   * submission through that channel to the outcome.
   */
  appealOutcomes: z.array(
    z.object({
      banType: playbookBanTypeSchema,
      channelKind: channelKindSchema,
      cases: z.number().int().nonnegative(),
      unbanned: z.number().int().nonnegative(),
      /** Denied or not eligible. */
      notUnbanned: z.number().int().nonnegative(),
      medianSecondsToOutcome: z.number().nonnegative().nullable(),
    }),
  ),
  /** Appeals and follow-ups submitted in the last 30 days, per operator (uid), most first. */
  appealsPerOperator: z.array(
    z.object({
      operatorUid: z.string(),
      appeals: z.number().int().nonnegative(),
      followUps: z.number().int().nonnegative(),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

// ---- session -------------------------------------------------------------------------

/** `GET /api/admin/session`: who the back office is talking to (it hides what the role cannot do). */
export const adminSessionSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  role: staffRoleSchema,
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** `DELETE /api/admin/operators/:email` */
export const operatorEmailParamsSchema = z.object({
  email: z.email('Enter a valid e-mail address.').transform((email) => email.toLowerCase()),
});

// ---- the dev mailbox (operators) -------------------------------------------------------

const mailboxLimitSchema = z.coerce
  .number({ error: 'Send a number.' })
  .int('Send a whole number.')
  .min(1, 'Send at least 1.')
  .max(200, 'Send at most 200.')
  .default(50);

/** `GET /api/mailbox`: newest first, optionally of one case or one recipient. */
export const mailboxQuerySchema = z.object({
  requestId: z.uuid({ error: 'Send a request id.' }).optional(),
  to: z.email({ error: 'Send an e-mail address.' }).max(320).optional(),
  limit: mailboxLimitSchema,
});

/** One stored e-mail: what the customer would have received without an SMTP server. */
export const mailboxMessageSchema = z.object({
  id: uuidSchema,
  requestId: uuidSchema.nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: timestampSchema,
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxResponseSchema = z.object({ messages: z.array(mailboxMessageSchema) });
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

/** `GET /api/mailbox/failed` */
export const failedEmailsQuerySchema = z.object({ limit: mailboxLimitSchema });

/** An e-mail given up after its last try: operators contact the customer another way. */
export const failedEmailSchema = z.object({
  id: uuidSchema,
  kind: z.string(),
  /** Who it was for and which case, when the payload can be read. */
  to: z.string().nullable(),
  requestId: uuidSchema.nullable(),
  reference: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: timestampSchema,
});
export type FailedEmail = z.infer<typeof failedEmailSchema>;

export const failedEmailsResponseSchema = z.object({ failed: z.array(failedEmailSchema) });
export type FailedEmailsResponse = z.infer<typeof failedEmailsResponseSchema>;

/** `POST /api/mailbox/failed/:id/requeue`: send a failed e-mail again. */
export const requeueEmailParamsSchema = z.object({ id: uuidSchema });
export const requeueEmailResponseSchema = z.object({
  id: uuidSchema,
  status: z.literal('pending'),
});
export type RequeueEmailResponse = z.infer<typeof requeueEmailResponseSchema>;

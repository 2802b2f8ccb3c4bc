import { relations, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { newId } from '../domain/random-pool';
import { outcomeStates } from '../domain/case-machine';
import type { OutcomeState } from '../domain/case-machine';
import type { CaseState } from '@unban/contract/case-states';
import type { SupportedLocale } from '@unban/contract/locales';
import type { MessagingAppId } from '@unban/contract/messaging-apps';
import type { PaymentState } from '@unban/contract/payment-states';
import type {
  AppealDelivery,
  AppealKind,
  ReplyOutcome,
  ReplySource,
} from '@unban/contract/appeals';
import type { ChannelKind, PlaybookBanType, PlaybookContent } from '@unban/contract/playbooks';
import type { TimelineActor } from '@unban/contract/requests';
import type { TimelineNotice } from '@unban/contract/timeline-notices';

/*
 * The whole database schema (one file, so a migration diff shows every change at once).
 *
 * Conventions:
 * - ids are UUIDv7 made in application code: time-ordered, so new rows append to the index;
 * - timestamps are timestamptz;
 * - money is an integer amount in minor units (cents) next to an ISO 4217 currency code;
 * - states are text columns typed with the contract's enums (`$type`), so code reading a row
 *   gets a CaseState or PaymentState, not a string. Their transitions belong to the state
 *   machines in src/domain, which are the only code that moves them; the values are listed
 *   beside each column for readers of the database.
 * - each table's row type is exported beside it (`RequestRow`, `PaymentRow`, …).
 */

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => newId());

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/*
 * Expressions that an index is built on and that queries must write exactly so, or the
 * planner does not see the index: defined once here, for the index and for its lookups.
 */

/**
 * The request an outbox job is about: a customer's e-mail names it in its data, an appeal's
 * e-mail at its top level (outbox_request_id_idx; jobs/email-outbox.ts `emailsAboutRequests`).
 */
export const requestOfOutboxJob = (payload: AnyPgColumn) =>
  sql<string>`coalesce(${payload} -> 'data' ->> 'requestId', ${payload} ->> 'requestId')`;

/**
 * The id of the object a provider event carries: the sandbox's session or charge
 * (payment_events_sandbox_object_id_idx; providers/sandbox.ts `eventsOfSandboxSession`).
 */
export const objectOfPaymentEvent = (payload: AnyPgColumn) =>
  sql<string>`(${payload} -> 'data' -> 'object' ->> 'id')`;

/**
 * The appeal playbooks (contract playbooks.ts), versioned: saving one inserts a new row with
 * the next version, never changes an old one, so a case that used a version keeps reading
 * exactly what it used. The highest version of an (app, ban type) is the current one.
 */
export const playbooks = pgTable(
  'playbooks',
  {
    id: id(),
    /** whatsapp | whatsapp_business */
    messagingApp: text('messaging_app').$type<MessagingAppId>().notNull(),
    /** permanent_ban | permanent_ban_business_platform | temporary_ban */
    banType: text('ban_type').$type<PlaybookBanType>().notNull(),
    version: integer('version').notNull(),
    /** Summary and channels, validated with the contract's playbookContentSchema. */
    content: jsonb('content').$type<PlaybookContent>().notNull(),
    /** Firebase uid of the admin who saved it; null for the seeded defaults. */
    savedByUid: text('saved_by_uid'),
    createdAt: createdAt(),
  },
  (table) => [
    // Two admins saving on top of the same version: the second insert fails, not both win.
    uniqueIndex('playbooks_app_ban_type_version_idx').on(
      table.messagingApp,
      table.banType,
      table.version,
    ),
    check('playbooks_version_positive', sql`${table.version} > 0`),
  ],
);

export type PlaybookRow = typeof playbooks.$inferSelect;

/** An unban request: the customer's case, from the order form to the outcome. */
export const requests = pgTable(
  'requests',
  {
    id: id(),
    /** What the customer sees and quotes, e.g. UB-7K3Q9XQ2. */
    reference: text('reference').notNull().unique(),
    /** Firebase uid of the customer (an anonymous user until they sign in). */
    ownerUid: text('owner_uid').notNull(),
    /** SHA-256 of the unguessable token in the payment-status link; the token is never stored. */
    statusTokenHash: text('status_token_hash').notNull(),
    /** whatsapp | whatsapp_business */
    messagingApp: text('messaging_app').notNull(),
    phoneE164: text('phone_e164').notNull(),
    /** personal | business */
    accountType: text('account_type').notNull(),
    /** android | iphone | other */
    device: text('device').notNull(),
    /** The ban message exactly as the app showed it. */
    banMessage: text('ban_message').notNull(),
    /** When the ban happened, if the customer knows the moment... */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /**
     * ...or the period the customer chose on the form, counted back from `created_at`:
     * today | this_week | this_month | earlier (the contract's bannedAtPeriods).
     */
    bannedAtApprox: text('banned_at_approx'),
    /** What the number was used for, in the customer's words. */
    usage: text('usage').notNull(),
    /** Stored lower-cased so operator search by e-mail can use the index. */
    contactEmail: text('contact_email').notNull(),
    /** The plan chosen; its price is copied below at order time and never changes after. */
    plan: text('plan').notNull(),
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    /**
     * The customer's language (a tag of the contract's supportedLocales), chosen on the order
     * form: their e-mails are written in it, and it picked the currency above. Rows older than
     * the languages are English, as everything was then.
     */
    locale: text('locale').$type<SupportedLocale>().notNull().default('en'),
    /**
     * awaiting_payment | queued | in_review | needs_info | appeal_submitted | unbanned |
     * denied | not_eligible | refund | refunded | canceled
     */
    caseState: text('case_state').$type<CaseState>().notNull().default('awaiting_payment'),
    /** unpaid | processing | paid | refund_pending | refunded | failed | expired */
    paymentState: text('payment_state').$type<PaymentState>().notNull().default('unpaid'),
    /** Optimistic concurrency: every update checks and increments it. */
    version: integer('version').notNull().default(1),
    assignedOperatorUid: text('assigned_operator_uid'),
    /**
     * Duplicate-submission protection: SHA-256 of the owner's `Idempotency-Key` header, unique
     * per owner. A repeated POST with the same key answers with this request instead of a
     * second one. The key itself is not stored (see the sealed token below).
     */
    idempotencyKeyHash: text('idempotency_key_hash'),
    /** SHA-256 of the validated form answers the key was first used with. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /**
     * The plain status token, encrypted (AES-256-GCM) with a key derived from the
     * Idempotency-Key, so a repeated POST can answer with the same token while a copy of
     * the database alone still opens no status link.
     */
    idempotencySealedToken: text('idempotency_sealed_token'),
    /** Checkouts asked of the provider for this request, failed ones included (capped). */
    checkoutAttempts: integer('checkout_attempts').notNull().default(0),
    /**
     * Set while one server asks the provider for a checkout (outside any transaction): others
     * wait for it instead of opening a second one. A lease, so a crash frees it.
     */
    checkoutOpeningUntil: timestamp('checkout_opening_until', { withTimezone: true }),
    /**
     * When the plan's promise needs the next operator reply by, while one is owed (the
     * pending row of reply_deadlines, copied here so the queue sorts and filters on it).
     */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }),
    /**
     * The playbook version the case is worked with, fixed when an operator starts the review
     * (queued → in_review), so later edits of the playbook do not change an appeal under way.
     */
    playbookId: uuid('playbook_id').references(() => playbooks.id, { onDelete: 'restrict' }),
    /**
     * When the appeal work next needs an operator: the earliest follow-up due of the case's
     * appeals, or the moment a platform reply came in that nobody has decided yet (whichever
     * is earlier). Kept by appeals/follow-up-due.ts so the queue filters and sorts on it.
     */
    followUpDueAt: timestamp('follow_up_due_at', { withTimezone: true }),
    /**
     * When the case was paid (its awaiting_payment → queued move) and when it reached its
     * outcome and which (unbanned | denied | not_eligible): the case_events rows' times,
     * copied here by the move itself (cases/case-transitions.ts) so the dashboard and the
     * public results read one row per case instead of grouping the whole timeline
     * (docs/decisions/027). Set once, never changed.
     */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    outcomeState: text('outcome_state').$type<OutcomeState>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('requests_owner_uid_idempotency_key_hash_idx').on(
      table.ownerUid,
      table.idempotencyKeyHash,
    ),
    index('requests_case_state_created_at_idx').on(table.caseState, table.createdAt),
    index('requests_owner_uid_created_at_idx').on(table.ownerUid, table.createdAt),
    // text_pattern_ops: the operators' search matches the beginning of an address or a
    // number (LIKE 'prefix%'), which a plain index cannot serve under a non-C collation.
    index('requests_contact_email_idx').on(table.contactEmail.op('text_pattern_ops')),
    index('requests_phone_e164_idx').on(table.phoneE164.op('text_pattern_ops')),
    // A number's last digits (what a customer reads out first) are a prefix of it reversed.
    index('requests_phone_e164_reversed_idx').on(sql`reverse(${table.phoneE164}) text_pattern_ops`),
    // The operators' queue pages by keyset on (time, id), newest or oldest first.
    index('requests_created_at_id_idx').on(table.createdAt, table.id),
    index('requests_updated_at_id_idx').on(table.updatedAt, table.id),
    // The queue filtered by one state and a plan (the priority cases waiting) in its order:
    // by the time index alone the planner tested case after case for the one in 24 it kept
    // (decision 012).
    index('requests_case_state_plan_created_at_id_idx').on(
      table.caseState,
      table.plan,
      table.createdAt,
      table.id,
    ),
    // The queue's "deadline first" keyset: cases with no deadline sort last, as infinity.
    index('requests_reply_due_id_idx').on(
      sql`coalesce(${table.replyDueAt}, 'infinity'::timestamptz)`,
      table.id,
    ),
    // The queue's "follow-up first" keyset: cases with nothing due sort last, as infinity.
    index('requests_follow_up_due_id_idx').on(
      sql`coalesce(${table.followUpDueAt}, 'infinity'::timestamptz)`,
      table.id,
    ),
    // The queue's filter by a payment in flight or failed (few cases at a time); partial, so
    // most rows have no entry (services/admin-queue.ts plans that filter for its value).
    index('requests_unsettled_payment_created_at_idx')
      .on(table.paymentState, table.createdAt, table.id)
      .where(sql`${table.paymentState} in ('processing', 'refund_pending', 'failed')`),
    // The week's payments and the results' period; partial, so a new order writes no entry.
    index('requests_paid_at_idx')
      .on(table.paidAt)
      .where(sql`${table.paidAt} is not null`),
    index('requests_outcome_at_paid_at_idx')
      .on(table.outcomeAt, table.paidAt)
      .where(sql`${table.outcomeAt} is not null`),
    // An outcome has its time and its state, both or neither.
    check(
      'requests_outcome_state',
      sql`(${table.outcomeAt} is null) = (${table.outcomeState} is null) and ${table.outcomeState} in (${sql.raw(outcomeStates.map((state) => `'${state}'`).join(', '))})`,
    ),
    check('requests_price_amount_non_negative', sql`${table.priceAmount} >= 0`),
    check('requests_currency_iso', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    // A tag's shape only, not the list: adding a language stays a change of code, not of data.
    check('requests_locale_tag', sql`${table.locale} ~ '^[a-z]{2,3}(-[A-Z]{2})?$'`),
  ],
);

export type RequestRow = typeof requests.$inferSelect;

/**
 * An appeal or follow-up submitted on a case through one channel of its playbook version:
 * sent by the product (through the e-mail outbox) or recorded as submitted elsewhere.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    /** The playbook version the channel was read from (the case's). */
    playbookId: uuid('playbook_id')
      .notNull()
      .references(() => playbooks.id, { onDelete: 'restrict' }),
    playbookVersion: integer('playbook_version').notNull(),
    /** Index of the channel in that version's `channels`. */
    channelIndex: integer('channel_index').notNull(),
    /** support-email | web-form | business-manager */
    channelKind: text('channel_kind').$type<ChannelKind>().notNull(),
    /** appeal | follow_up */
    kind: text('kind').$type<AppealKind>().notNull(),
    /** email (sent by us) | recorded (submitted elsewhere) */
    delivery: text('delivery').$type<AppealDelivery>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The channel's address, when we sent it. */
    sentTo: text('sent_to'),
    /** The Reply-To it carried, when we sent it. */
    replyTo: text('reply_to'),
    operatorUid: text('operator_uid').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    /** submitted_at + the channel's checkAfterDays: when to look for an answer. */
    checkAt: timestamp('check_at', { withTimezone: true }).notNull(),
    /**
     * submitted_at + followUpAfterDays while a follow-up is owed; null once a later
     * submission through the same channel followed it up, or the case reached its outcome.
     */
    nextFollowUpAt: timestamp('next_follow_up_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('appeals_request_id_submitted_at_idx').on(table.requestId, table.submittedAt),
    // The dashboard's appeals per operator over a period.
    index('appeals_submitted_at_idx').on(table.submittedAt),
    check('appeals_channel_index_non_negative', sql`${table.channelIndex} >= 0`),
  ],
);

export type AppealRow = typeof appeals.$inferSelect;

/**
 * A request to the owner to send the app's in-app "Request a review" themselves (it needs the
 * SMS code, which we never ask for), made by an operator from the owner's channel of the
 * case's playbook version, and the owner's confirmation that they sent it (decision 022).
 * A case has at most one request waiting for the owner.
 */
export const ownerReviews = pgTable(
  'owner_reviews',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    playbookId: uuid('playbook_id')
      .notNull()
      .references(() => playbooks.id, { onDelete: 'restrict' }),
    playbookVersion: integer('playbook_version').notNull(),
    /** Index of the in-app review channel in that version's `channels`. */
    channelIndex: integer('channel_index').notNull(),
    /** The operator's own words to the owner, shown with the steps; null when none. */
    message: text('message'),
    requestedByUid: text('requested_by_uid').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** When the owner confirmed on the case page that they sent it. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedByUid: text('confirmed_by_uid'),
    /** The appeal recorded for the confirmation (channel kind in-app review, recorded). */
    appealId: uuid('appeal_id').references(() => appeals.id, { onDelete: 'restrict' }),
    /** When the one reminder e-mail was enqueued (not confirmed in time). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('owner_reviews_request_id_requested_at_idx').on(table.requestId, table.requestedAt),
    // One request waiting for the owner per case: two operators asking at once, one wins.
    uniqueIndex('owner_reviews_open_request_idx')
      .on(table.requestId)
      .where(sql`${table.confirmedAt} is null`),
    // The reminder sweep: waiting, not yet reminded, by the time of the request.
    index('owner_reviews_unreminded_requested_at_idx')
      .on(table.requestedAt)
      .where(sql`${table.confirmedAt} is null and ${table.reminderSentAt} is null`),
    check('owner_reviews_channel_index_non_negative', sql`${table.channelIndex} >= 0`),
  ],
);

export type OwnerReviewRow = typeof ownerReviews.$inferSelect;

/** The platform's answer to an appeal: pasted by an operator or received by e-mail. */
export const platformReplies = pgTable(
  'platform_replies',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    /** pasted | inbound */
    source: text('source').$type<ReplySource>().notNull(),
    fromAddress: text('from_address'),
    subject: text('subject'),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** restored | ban_kept | other: a guess from the wording; the operator decides. */
    suggestedOutcome: text('suggested_outcome').$type<ReplyOutcome>(),
    /** restored | ban_kept | other; null until an operator decides. */
    outcome: text('outcome').$type<ReplyOutcome>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUid: text('decided_by_uid'),
    createdAt: createdAt(),
  },
  (table) => [
    index('platform_replies_request_id_received_at_idx').on(table.requestId, table.receivedAt),
  ],
);

export type PlatformReplyRow = typeof platformReplies.$inferSelect;

/**
 * The tokens of inbound e-mail posts already accepted: a signed post replayed within the
 * 15 minutes its timestamp stays fresh is refused. Older rows are swept (past that window a
 * replay is refused for its timestamp anyway).
 */
export const inboundEmailTokens = pgTable(
  'inbound_email_tokens',
  {
    token: text('token').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inbound_email_tokens_received_at_idx').on(table.receivedAt)],
);

/** One checkout attempt of a request with a payment provider. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    /** stripe | sandbox */
    provider: text('provider').notNull(),
    /** The provider's checkout session id (Stripe cs_…, sandbox session id). */
    providerSessionId: text('provider_session_id').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** unpaid | processing | paid | refund_pending | refunded | failed | expired */
    state: text('state').$type<PaymentState>().notNull().default('unpaid'),
    /**
     * The provider's hosted page for this attempt, so a repeated submission can send the
     * customer back to the same open checkout instead of opening a second one.
     */
    checkoutUrl: text('checkout_url'),
    /** Known once the customer pays; refunds are made against it. */
    providerPaymentIntent: text('provider_payment_intent'),
    /** Amount asked to be refunded so far (minor units). */
    refundRequestedAmount: integer('refund_requested_amount').notNull().default(0),
    /** Amount the provider confirmed as refunded (minor units). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /**
     * When the provider was last asked about this attempt without a webhook (a status read or
     * the sweep, payments/stale-attempts.ts): throttles those asks across instances.
     */
    lastReconciledAt: timestamp('last_reconciled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_request_id_idx').on(table.requestId),
    index('payments_provider_payment_intent_idx').on(table.providerPaymentIntent),
    // The stale-payment sweep (payments/stale-attempts.ts) looks only at open attempts: a
    // handful among a million, which it would otherwise find by reading them all each minute.
    index('payments_open_updated_at_idx')
      .on(table.updatedAt)
      .where(sql`${table.state} in ('unpaid', 'processing')`),
    check('payments_amount_non_negative', sql`${table.amount} >= 0`),
    check('payments_currency_iso', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'payments_refunds_within_amount',
      sql`${table.refundRequestedAmount} >= 0 and ${table.refundedAmount} >= 0 and ${table.refundRequestedAmount} <= ${table.amount} and ${table.refundedAmount} <= ${table.amount}`,
    ),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The webhook inbox: every provider event is stored once (unique event id) before it is
 * processed, so redelivered events are recognised and skipped.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull().unique(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** null until handled; unprocessed rows can be retried. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_events_processed_at_idx').on(table.processedAt),
    // The sandbox provider's sessions are the events it stored (providers/sandbox.ts): each
    // look at a session finds its events by the object's id, among every event stored.
    index('payment_events_sandbox_object_id_idx')
      .on(objectOfPaymentEvent(table.payload))
      .where(sql`${table.provider} = 'sandbox'`),
  ],
);

export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** The case timeline and audit log: one row per state change or message. */
export const caseEvents = pgTable(
  'case_events',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    /** customer | operator | system */
    actorType: text('actor_type').$type<TimelineActor>().notNull(),
    /** Firebase uid of the customer or operator; null for system moves. */
    actorUid: text('actor_uid'),
    /** null on the event that creates the case. */
    fromState: text('from_state').$type<CaseState>(),
    toState: text('to_state').$type<CaseState>().notNull(),
    /** Shown to the customer on the case page and in the e-mail. */
    messageToCustomer: text('message_to_customer'),
    /**
     * The system's line above as a code and values (contract/timeline-notices.ts), which the
     * web words in the customer's language; null for an operator's own words and older rows.
     */
    notice: jsonb('notice').$type<TimelineNotice>(),
    /** Seen by operators only. */
    internalNote: text('internal_note'),
    /** The customer's own words (their answer while the case needs information). */
    customerReply: text('customer_reply'),
    createdAt: createdAt(),
  },
  (table) => [index('case_events_request_id_created_at_idx').on(table.requestId, table.createdAt)],
);

export type CaseEventRow = typeof caseEvents.$inferSelect;

/**
 * One reply the plan promised (domain/reply-deadline.ts): when its clock started, when it
 * fell due and when an operator answered. A case has at most one unanswered row, mirrored in
 * `requests.reply_due_at`. Its outcome is decided at the answer if it came in time, else at
 * the due instant: `least(answered_at, due_at)` (least skips a null), which the dashboard's
 * on-time share reads by range.
 */
export const replyDeadlines = pgTable(
  'reply_deadlines',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'restrict' }),
    /** The request's plan when the clock started (standard | priority). */
    plan: text('plan').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** null while unanswered. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When operators were warned that it is close (once per deadline). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reply_deadlines_pending_request_idx')
      .on(table.requestId)
      .where(sql`${table.answeredAt} is null`),
    index('reply_deadlines_decided_at_idx').on(sql`least(${table.answeredAt}, ${table.dueAt})`),
    // The warning sweep: unanswered, not yet warned, by due time.
    index('reply_deadlines_unwarned_due_at_idx')
      .on(table.dueAt)
      .where(sql`${table.answeredAt} is null and ${table.alertedAt} is null`),
    check('reply_deadlines_due_after_start', sql`${table.dueAt} >= ${table.startedAt}`),
  ],
);

export type ReplyDeadlineRow = typeof replyDeadlines.$inferSelect;

/**
 * Jobs to run after a transaction commits (e-mails first). Written in the same transaction
 * as the change that causes them; workers claim due rows with FOR UPDATE SKIP LOCKED.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** e.g. email.request_received, email.refund_issued */
    kind: text('kind').notNull(),
    /** The same job is enqueued once, however often the cause is replayed. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    payload: jsonb('payload').notNull(),
    /**
     * pending | sending (claimed by a worker until `next_attempt_at`, its lease) | sent |
     * failed (gave up after the last attempt)
     */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The back office's list of e-mails given up (jobs/outbox-worker.ts): a handful among
    // every e-mail ever sent, which stay in the table. Only failed jobs are in it, so the
    // e-mails that go out touch it neither when queued nor as they change state.
    index('outbox_failed_created_at_id_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'failed'`),
    // A request's e-mails, found by the request (a customer's export and erasure, the
    // retention sweep: jobs/email-outbox.ts) among every e-mail ever sent. Not partial: the
    // planner takes statistics from an index's expression only when the index is whole, and
    // without them it guessed half the table for the sweep's hundred requests and read it all.
    index('outbox_request_id_idx').on(requestOfOutboxJob(table.payload)),
    // The worker's claim (next due job first) reads this in order and stops at the first
    // row it can lock; on the index above it read and sorted every waiting job each time.
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * The dev mailbox: where e-mails go when no SMTP server is configured (SMTP_URL unset), so
 * the embedded run and tests can read what a customer would receive. The unique
 * idempotency key (the outbox job's) makes a re-sent job land once, whatever crashed between
 * sending and marking it sent.
 */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The case the message is about; null for e-mails about no single case. */
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('mailbox_messages_created_at_idx').on(table.createdAt),
    index('mailbox_messages_request_id_idx').on(table.requestId),
    index('mailbox_messages_to_address_idx').on(table.toAddress),
  ],
);

export type MailboxMessageRow = typeof mailboxMessages.$inferSelect;

/**
 * Ban evidence: one row per screenshot a customer attached to their request. The image
 * itself is in the evidence store (the data folder or S3) under `storage_key`; this row is
 * what the API lists and what decides who may read it (the request's owner and staff).
 * Deleting a request's rows and its store prefix (`requests/<request id>/`) erases them.
 */
export const evidenceFiles = pgTable(
  'evidence_files',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** Where the re-encoded image is in the evidence store: requests/<request id>/<id>.<ext> */
    storageKey: text('storage_key').notNull().unique(),
    /** image/png | image/jpeg | image/webp: the stored image, after re-encoding. */
    contentType: text('content_type').notNull(),
    /** image/png | image/jpeg | image/webp | image/heic: what the upload was, by its content. */
    uploadedType: text('uploaded_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * SHA-256 of the uploaded bytes: sending the same file again (a retried upload whose
     * answer was lost) adds nothing.
     */
    uploadSha256: text('upload_sha256').notNull(),
    /** Firebase uid of who uploaded it; null when it came with the status link alone. */
    uploaderUid: text('uploader_uid'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('evidence_files_request_id_upload_sha256_idx').on(
      table.requestId,
      table.uploadSha256,
    ),
    check('evidence_files_byte_size_positive', sql`${table.byteSize} > 0`),
  ],
);

export type EvidenceFileRow = typeof evidenceFiles.$inferSelect;

export const requestsRelations = relations(requests, ({ many }) => ({
  payments: many(payments),
  caseEvents: many(caseEvents),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  request: one(requests, { fields: [payments.requestId], references: [requests.id] }),
}));

export const caseEventsRelations = relations(caseEvents, ({ one }) => ({
  request: one(requests, { fields: [caseEvents.requestId], references: [requests.id] }),
}));

/**
 * Rate-limit counters shared by every instance on one PostgreSQL database (plugins/
 * rate-limit-store.ts): one row per limit key and window. Rows past `reset_at` are reused by
 * the next request and swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset_at_idx').on(table.resetAt)],
);

import { z } from 'zod';
import { messagingAppIdSchema } from './messaging-apps';
import { ownerReviewWorkbenchSchema } from './owner-review';
import { channelKindSchema, placeholderNames, playbookBanTypeSchema } from './playbooks';
import type { ChannelKind, PlaceholderName, PlaybookChannel, PlaybookTemplate } from './playbooks';

/*
 * The appeal workbench (issue 14 points 3 and 5): appeals and follow-ups drafted from the
 * case's playbook version, sent from the product or recorded as submitted elsewhere, and the
 * platform's replies with their outcome. Drafting is pure and shared, so the server fills the
 * drafts it offers and a test can check every placeholder gets a value.
 */

// ---- vocabulary ------------------------------------------------------------------------

/** An appeal is the first submission through a channel; a follow-up asks about it later. */
export const appealKinds = ['appeal', 'follow_up'] as const;
export const appealKindSchema = z.enum(appealKinds);
export type AppealKind = z.infer<typeof appealKindSchema>;

/**
 * `email`: sent by the product through the outbox to the channel's address. `recorded`: the
 * operator submitted it elsewhere (the web form, Business Manager, their own mail client) and
 * records what was sent and when.
 */
export const appealDeliveries = ['email', 'recorded'] as const;
export const appealDeliverySchema = z.enum(appealDeliveries);
export type AppealDelivery = z.infer<typeof appealDeliverySchema>;

/**
 * What the platform's reply decided: `restored` (the ban is lifted: the case becomes
 * unbanned), `ban_kept` (the review is complete and the ban stays: denied, refunded in full),
 * `other` (an acknowledgement, a question: recorded only).
 */
export const replyOutcomes = ['restored', 'ban_kept', 'other'] as const;
export const replyOutcomeSchema = z.enum(replyOutcomes, {
  error: 'Choose what the reply says: restored, ban kept or other.',
});
export type ReplyOutcome = z.infer<typeof replyOutcomeSchema>;
export const replyOutcomeLabels: Readonly<Record<ReplyOutcome, string>> = {
  restored: 'Account restored',
  ban_kept: 'Review completed, ban kept',
  other: 'Other (acknowledgement, question)',
};

/** `pasted` by an operator, or `inbound`: received at the case's reply-to address. */
export const replySources = ['pasted', 'inbound'] as const;
export const replySourceSchema = z.enum(replySources);
export type ReplySource = z.infer<typeof replySourceSchema>;

export const appealLimits = {
  subject: 200,
  body: 5000,
  reply: 20_000,
  from: 320,
  message: 2000,
} as const;

/** The channels an operator may submit through. The in-app review is the owner's (SMS code). */
export function isOperatorChannel(kind: ChannelKind): boolean {
  return kind !== 'in-app-review-by-owner';
}

/** Only a support e-mail can be sent from the product; the others are recorded. */
export function canSendFromProduct(channel: Pick<PlaybookChannel, 'kind' | 'address'>): boolean {
  return channel.kind === 'support-email' && channel.address !== undefined;
}

// ---- drafting --------------------------------------------------------------------------

/** A value for every placeholder, filled from the case. */
export type CaseFacts = Readonly<Record<PlaceholderName, string>>;

/**
 * Templates for channels that carry none (Business Manager, recorded by the operator with
 * the owner), from the same vocabulary, so every channel can be drafted.
 */
export const defaultAppealTemplates: Readonly<Record<AppealKind, PlaybookTemplate>> = {
  appeal: {
    subject: 'Request for review: {{phone_e164}} ({{app}})',
    body: `Hello,

The number {{phone_e164}} was banned from {{app}} {{banned_at}}. The app shows: "{{ban_message}}".
It is used on {{device}} for: {{usage}}.

In the owner's words: {{customer_words}}

We believe this is a mistake and ask for a review of the account. Reference: {{reference}}.

Thank you.`,
  },
  follow_up: {
    subject: 'Follow-up: review of {{phone_e164}} ({{app}})',
    body: `Hello,

On {{requested_at}} a review was requested for the number {{phone_e164}}, banned from {{app}} with the message "{{ban_message}}". We have not heard back yet and would be grateful to know whether the review has been made.

Reference: {{reference}}. Thank you.`,
  },
};

/** The channel's own template for this kind, else the default one. */
export function templateFor(channel: PlaybookChannel, kind: AppealKind): PlaybookTemplate {
  const own = channel.templates?.[kind === 'appeal' ? 'appeal' : 'followUp'];
  return own ?? defaultAppealTemplates[kind];
}

const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Replaces every `{{name}}` with the case's value. Saved templates use known names only
 * (checked on save); an unknown one is left as written so the operator sees it in the draft.
 */
export function fillTemplate(text: string, facts: CaseFacts): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    (placeholderNames as string[]).includes(name) ? facts[name as PlaceholderName] : whole,
  );
}

export interface AppealDraft {
  subject: string;
  body: string;
}

export function draftFor(
  channel: PlaybookChannel,
  kind: AppealKind,
  facts: CaseFacts,
): AppealDraft {
  const template = templateFor(channel, kind);
  return {
    subject: fillTemplate(template.subject, facts),
    body: fillTemplate(template.body, facts),
  };
}

/**
 * A first guess at what a platform's reply says, for the operator to confirm (never applied
 * by itself): WhatsApp's usual wording for a restored account, and for a review that upheld
 * the ban. Checked in this order; null when neither matches.
 */
const outcomeHints: readonly { outcome: Exclude<ReplyOutcome, 'other'>; pattern: RegExp }[] = [
  {
    outcome: 'ban_kept',
    pattern:
      /\b(remains? banned|will remain banned|ban (?:was|has been|is) upheld|upheld the ban|not (?:be )?able to (?:restore|reinstate|unban)|cannot (?:restore|reinstate|unban)|violat(?:ed|ion|es) (?:of )?our terms)\b/i,
  },
  {
    outcome: 'restored',
    pattern:
      /\b((?:has|have) been (?:restored|reinstated|unbanned)|(?:is|was) (?:now )?(?:restored|reinstated|unbanned)|no longer banned|lifted the ban|ban (?:has been|was) (?:lifted|removed)|can (?:now )?use whatsapp again)\b/i,
  },
];

export function suggestReplyOutcome(text: string): ReplyOutcome | null {
  return outcomeHints.find((hint) => hint.pattern.test(text))?.outcome ?? null;
}

// ---- API -------------------------------------------------------------------------------

const timestampSchema = z.iso.datetime({ offset: true });
const uuidSchema = z.uuid();

function text(max: number, empty: string) {
  return z
    .string({ error: empty })
    .trim()
    .min(1, empty)
    .max(max, `Keep it to ${max} characters or fewer.`);
}

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Keep it to ${max} characters or fewer.`)
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value));
}

export const appealParamsSchema = z.object({ id: z.string() });
export const platformReplyParamsSchema = z.object({ id: z.string(), replyId: z.string() });

/** `POST /api/admin/requests/:id/appeals`: send or record an appeal or a follow-up. */
export const submitAppealBodySchema = z
  .object({
    channelIndex: z.number().int().min(0).max(20),
    kind: appealKindSchema,
    delivery: appealDeliverySchema,
    subject: text(appealLimits.subject, 'Write a subject.'),
    body: text(appealLimits.body, 'Write the text of the appeal.'),
    /** When it was submitted elsewhere (recorded only; default now). Not in the future. */
    submittedAt: timestampSchema.optional(),
    /** The case version the operator read; another change since is a CONFLICT. */
    expectedVersion: z.number().int().positive(),
  })
  .refine((body) => body.delivery === 'recorded' || body.submittedAt === undefined, {
    message: 'Only an appeal submitted elsewhere takes a time; one we send goes now.',
    path: ['submittedAt'],
  });
export type SubmitAppealBodyInput = z.input<typeof submitAppealBodySchema>;

/** `POST /api/admin/requests/:id/platform-replies`: the platform's answer, pasted. */
export const pasteReplyBodySchema = z.object({
  from: optionalText(appealLimits.from),
  subject: optionalText(appealLimits.subject),
  body: text(appealLimits.reply, 'Paste the text of the reply.'),
  outcome: replyOutcomeSchema,
  /** Said to the customer with the move, when the outcome moves the case. */
  messageToCustomer: optionalText(appealLimits.message),
});
export type PasteReplyBodyInput = z.input<typeof pasteReplyBodySchema>;

/** `POST /api/admin/requests/:id/platform-replies/:replyId/outcome`: decide a received reply. */
export const replyOutcomeBodySchema = z.object({
  outcome: replyOutcomeSchema,
  messageToCustomer: optionalText(appealLimits.message),
});
export type ReplyOutcomeBodyInput = z.input<typeof replyOutcomeBodySchema>;

export const appealSchema = z.object({
  id: uuidSchema,
  kind: appealKindSchema,
  channelIndex: z.number().int().nonnegative(),
  channelKind: channelKindSchema,
  delivery: appealDeliverySchema,
  playbookVersion: z.number().int().positive(),
  subject: z.string(),
  body: z.string(),
  /** The address it was sent to (sent by us), else null. */
  sentTo: z.string().nullable(),
  /** Where the platform's answer goes (sent by us), else null. */
  replyTo: z.string().nullable(),
  operatorUid: z.string(),
  submittedAt: timestampSchema,
  /** When to look for an answer (checkAfterDays after it). */
  checkAt: timestampSchema,
  /** When a follow-up is due; null once followed up, or when the case has its outcome. */
  nextFollowUpAt: timestampSchema.nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const platformReplySchema = z.object({
  id: uuidSchema,
  source: replySourceSchema,
  from: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  receivedAt: timestampSchema,
  /** A guess from the wording, for the operator to confirm; null: no guess. */
  suggestedOutcome: replyOutcomeSchema.nullable(),
  /** null until an operator decides it. */
  outcome: replyOutcomeSchema.nullable(),
  decidedAt: timestampSchema.nullable(),
  decidedByUid: z.string().nullable(),
});
export type PlatformReply = z.infer<typeof platformReplySchema>;

const draftSchema = z.object({ subject: z.string(), body: z.string() });

export const workbenchChannelSchema = z.object({
  index: z.number().int().nonnegative(),
  kind: channelKindSchema,
  label: z.string(),
  address: z.string().nullable(),
  url: z.string().nullable(),
  steps: z.array(z.string()),
  evidence: z.array(z.string()),
  checkAfterDays: z.number().int().positive(),
  followUpAfterDays: z.number().int().positive(),
  /** The product can send through it (a support e-mail); else it can only be recorded. */
  canSend: z.boolean(),
  /** Filled from the case with this playbook version's templates (or the defaults). */
  drafts: z.object({ appeal: draftSchema, follow_up: draftSchema }),
});
export type WorkbenchChannel = z.infer<typeof workbenchChannelSchema>;

/** `GET /api/admin/requests/:id/appeals`: the case's appeal workbench. */
export const appealWorkbenchSchema = z.object({
  playbook: z.object({
    id: uuidSchema,
    app: messagingAppIdSchema,
    banType: playbookBanTypeSchema,
    version: z.number().int().positive(),
    summary: z.string(),
  }),
  /** The channels an operator submits through (the owner's in-app review is not one). */
  channels: z.array(workbenchChannelSchema),
  /** The owner's in-app review: asking them, and their confirmations (decision 022). */
  ownerReview: ownerReviewWorkbenchSchema.nullable(),
  /** Oldest first. */
  appeals: z.array(appealSchema),
  /** Newest first. */
  replies: z.array(platformReplySchema),
  /** The earliest follow-up due, or the time an undecided reply came in; null: nothing. */
  followUpDueAt: timestampSchema.nullable(),
  /** Whether a received reply waits for an operator's decision. */
  platformReplied: z.boolean(),
  /** Appeals may be sent or recorded in these states only. */
  canSubmit: z.boolean(),
  /** Where answers to sent appeals go: the case's own address, or the support address. */
  replyRouting: z.enum(['case-address', 'support-address']),
  /** The case version the workbench was read at (send it back as expectedVersion). */
  caseVersion: z.number().int().positive(),
});
export type AppealWorkbench = z.infer<typeof appealWorkbenchSchema>;

/** The inbound webhook's answer (Mailgun only reads the status). */
export const inboundEmailAckSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['recorded', 'unknown-recipient']),
});
export type InboundEmailAck = z.infer<typeof inboundEmailAckSchema>;

/** "Appeal sent to WhatsApp support by e-mail": what the customer's timeline says. */
export function appealTimelineLine(input: {
  kind: AppealKind;
  delivery: AppealDelivery;
  channelKind: ChannelKind;
  appName: string;
}): string {
  const what = input.kind === 'appeal' ? 'Appeal' : 'Follow-up';
  const where: Record<ChannelKind, string> = {
    'support-email': `${input.appName} support`,
    'web-form': `${input.appName}'s contact form`,
    'business-manager': 'Meta Business Manager',
    'in-app-review-by-owner': `${input.appName}'s in-app review`,
  };
  const how = input.channelKind === 'support-email' ? ' by e-mail' : '';
  return `${what} sent to ${where[input.channelKind]}${how}.`;
}

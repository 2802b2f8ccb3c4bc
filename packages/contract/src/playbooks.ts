import { z } from 'zod';
import type { BanCheckOutcome } from './ban-check';
import { messagingAppIdSchema } from './messaging-apps';
import type { MessagingAppId } from './messaging-apps';

/*
 * Playbooks: for each app and ban type, the official channels to appeal through, in order,
 * with their steps, the evidence that helps, the follow-up schedule and, for the channels we
 * send through ourselves, an appeal and a follow-up template. They are data an admin edits in
 * the back office; every save is a new version and a case keeps the version it used.
 */

/**
 * The ban types a playbook covers, in the free ban check's words (ban-check.ts outcomes), so
 * the check, the order and the workbench speak of the same things.
 */
export const playbookBanTypes = [
  'permanent_ban',
  'permanent_ban_business_platform',
  'temporary_ban',
] as const satisfies readonly BanCheckOutcome[];
export type PlaybookBanType = (typeof playbookBanTypes)[number];
export const playbookBanTypeSchema = z.enum(playbookBanTypes, {
  error: 'Choose a ban type: permanent_ban, permanent_ban_business_platform or temporary_ban.',
});
export const playbookBanTypeLabels: Readonly<Record<PlaybookBanType, string>> = {
  permanent_ban: 'Permanent ban',
  permanent_ban_business_platform: 'Permanent ban, Business Platform account',
  temporary_ban: 'Temporary ban',
};

/** The official channels, in the words of issue 14. */
export const channelKinds = [
  'in-app-review-by-owner',
  'support-email',
  'web-form',
  'business-manager',
] as const;
export type ChannelKind = (typeof channelKinds)[number];
export const channelKindSchema = z.enum(channelKinds, { error: 'Choose the kind of channel.' });
export const channelKindLabels: Readonly<Record<ChannelKind, string>> = {
  'in-app-review-by-owner': 'In-app review (by the owner)',
  'support-email': 'Support e-mail',
  'web-form': 'Web form',
  'business-manager': 'Meta Business Manager',
};

/**
 * The channels we write to on the customer's behalf, so they carry templates. The in-app
 * review needs the SMS code on the owner's phone, and Business Manager the owner's Meta
 * login: those the owner does, following the steps.
 */
export const sentChannelKinds = ['support-email', 'web-form'] as const satisfies ChannelKind[];
export function isSentChannel(kind: ChannelKind): boolean {
  return (sentChannelKinds as readonly ChannelKind[]).includes(kind);
}

// ---- placeholders ----------------------------------------------------------------------

/**
 * What a template may say `{{name}}` for, each filled from the case when a draft is made.
 * Anything else in double braces is refused when the playbook is saved.
 */
export const placeholders = {
  phone_e164: 'The banned number in full international format (E.164), e.g. +4915112345678',
  app: 'The app that shows the ban: WhatsApp or WhatsApp Business',
  device: 'The phone the number is used on: Android, iPhone or other',
  ban_message: 'The ban message exactly as the app shows it',
  usage: 'What the number is used for, in the customer’s words',
  banned_at: 'When the ban happened, as exactly as the customer knows it',
  requested_at: 'The date the customer ordered',
  customer_words: 'The customer’s own explanation, word for word',
  reference: 'Our case reference, e.g. UB-7K3Q9XQ2',
} as const;
export type PlaceholderName = keyof typeof placeholders;
export const placeholderNames = Object.keys(placeholders) as PlaceholderName[];

/** `{{ name }}`: the name is what stands between the braces, spaces aside. */
const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every placeholder name the text uses, in order of first use, known or not. */
export function placeholdersIn(text: string): string[] {
  const names = [...text.matchAll(placeholderPattern)].map((match) => match[1] ?? '');
  return [...new Set(names)];
}

/** The placeholders of `text` that are not in the vocabulary, in order of first use. */
export function unknownPlaceholders(text: string): string[] {
  return placeholdersIn(text).filter((name) => !(name in placeholders));
}

// ---- the playbook ----------------------------------------------------------------------

export const playbookLimits = {
  channels: 8,
  items: 20,
  line: 500,
  subject: 200,
  body: 5000,
  days: 90,
} as const;

const lineSchema = z
  .string()
  .trim()
  .min(1, 'Write something or remove the line.')
  .max(playbookLimits.line, `Keep it to ${playbookLimits.line} characters or fewer.`);
const linesSchema = z.array(lineSchema).max(playbookLimits.items);

const templateSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Write a subject.')
    .max(playbookLimits.subject, `Keep it to ${playbookLimits.subject} characters or fewer.`),
  body: z
    .string()
    .trim()
    .min(1, 'Write the text.')
    .max(playbookLimits.body, `Keep it to ${playbookLimits.body} characters or fewer.`),
});
export type PlaybookTemplate = z.infer<typeof templateSchema>;

const daysSchema = z
  .number({ error: 'Give a number of days.' })
  .int('Give a whole number of days.')
  .min(1, 'At least 1 day.')
  .max(playbookLimits.days, `At most ${playbookLimits.days} days.`);

/**
 * After submitting through the channel: look for an answer after `checkAfterDays`, send the
 * follow-up after `followUpAfterDays` (counted from the submission too), not sooner, since
 * WhatsApp says more requests do not speed a review up.
 */
const followUpSchema = z
  .object({ checkAfterDays: daysSchema, followUpAfterDays: daysSchema })
  .refine((f) => f.followUpAfterDays >= f.checkAfterDays, {
    message: 'Send the follow-up no sooner than you look again.',
    path: ['followUpAfterDays'],
  });

export const playbookChannelSchema = z
  .object({
    kind: channelKindSchema,
    /** The support address, for `support-email`. */
    address: z.email('Give the support e-mail address.').optional(),
    /** The form or page, for `web-form` and `business-manager`. */
    url: z.url({ protocol: /^https$/, error: 'Give the https address of the page.' }).optional(),
    steps: linesSchema.min(1, 'List at least one step.'),
    evidence: linesSchema,
    followUp: followUpSchema,
    /** Only on the channels we send through (sentChannelKinds), where it is required. */
    templates: z.object({ appeal: templateSchema, followUp: templateSchema }).optional(),
  })
  .superRefine((channel, ctx) => {
    if (channel.kind === 'support-email' && !channel.address) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'Give the support address.' });
    }
    if ((channel.kind === 'web-form' || channel.kind === 'business-manager') && !channel.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Give the page’s address.' });
    }
    if (isSentChannel(channel.kind) && !channel.templates) {
      ctx.addIssue({
        code: 'custom',
        path: ['templates'],
        message: 'We send through this channel: give an appeal and a follow-up template.',
      });
    }
    if (!isSentChannel(channel.kind) && channel.templates) {
      ctx.addIssue({
        code: 'custom',
        path: ['templates'],
        message: 'The owner uses this channel; it takes no templates.',
      });
    }
  });
export type PlaybookChannel = z.infer<typeof playbookChannelSchema>;

/** What an admin edits: everything of a playbook but its key and version. */
export const playbookContentSchema = z.object({
  /** One or two sentences for the operator: when this playbook applies and what to expect. */
  summary: z
    .string()
    .trim()
    .min(1, 'Write a short summary.')
    .max(playbookLimits.body, `Keep it to ${playbookLimits.body} characters or fewer.`),
  /** In the order to try them. A temporary ban has none: it needs no appeal. */
  channels: z.array(playbookChannelSchema).max(playbookLimits.channels),
});
export type PlaybookContent = z.infer<typeof playbookContentSchema>;

export interface PlaceholderProblem {
  /** Where, as a field path of the content: `channels.1.templates.appeal.body`. */
  path: string;
  placeholder: string;
  /** For people: "the appeal template's text of channel 2 (Support e-mail) uses {{foo}} …". */
  message: string;
}

/** Every unknown placeholder of the content's templates, each naming it and where it is. */
export function placeholderProblems(content: PlaybookContent): PlaceholderProblem[] {
  return content.channels.flatMap((channel, index) => {
    if (!channel.templates) return [];
    return (['appeal', 'followUp'] as const).flatMap((which) =>
      (['subject', 'body'] as const).flatMap((part) =>
        unknownPlaceholders(channel.templates?.[which][part] ?? '').map((placeholder) => ({
          path: `channels.${index}.templates.${which}.${part}`,
          placeholder,
          message:
            `The ${which === 'appeal' ? 'appeal' : 'follow-up'} template’s ${part === 'subject' ? 'subject' : 'text'} ` +
            `of channel ${index + 1} (${channelKindLabels[channel.kind]}) uses the unknown placeholder ` +
            `{{${placeholder}}}. Use one of: ${placeholderNames.map((n) => `{{${n}}}`).join(', ')}.`,
        })),
      ),
    );
  });
}

export const playbookKeyParamsSchema = z.object({
  app: messagingAppIdSchema,
  banType: playbookBanTypeSchema,
});
export type PlaybookKey = { app: MessagingAppId; banType: PlaybookBanType };

export const playbookVersionParamsSchema = playbookKeyParamsSchema.extend({
  version: z.coerce.number().int().positive(),
});

/** `PUT /api/admin/playbooks/:app/:banType`: a new version on top of `expectedVersion`. */
export const savePlaybookBodySchema = z.object({
  /** The version the admin edited; another admin's newer save is a CONFLICT. */
  expectedVersion: z.number().int().positive(),
  content: playbookContentSchema,
});
export type SavePlaybookBody = z.infer<typeof savePlaybookBodySchema>;

export const playbookSchema = z.object({
  id: z.uuid(),
  app: messagingAppIdSchema,
  banType: playbookBanTypeSchema,
  version: z.number().int().positive(),
  /** Whether this is the newest version, the one new cases get. */
  current: z.boolean(),
  content: playbookContentSchema,
  /** Firebase uid of the admin who saved it; null for the seeded defaults. */
  savedByUid: z.string().nullable(),
  savedAt: z.iso.datetime({ offset: true }),
});
export type Playbook = z.infer<typeof playbookSchema>;

export const playbookSummarySchema = z.object({
  app: messagingAppIdSchema,
  banType: playbookBanTypeSchema,
  version: z.number().int().positive(),
  channelKinds: z.array(channelKindSchema),
  savedAt: z.iso.datetime({ offset: true }),
});
export const playbookListSchema = z.object({ items: z.array(playbookSummarySchema) });
export type PlaybookList = z.infer<typeof playbookListSchema>;

import { z } from 'zod';
import { validationCode } from './validation-codes';
import { banMessageChoiceIds } from './messaging-apps';
import type { BanMessageChoice, MessagingAppId } from './messaging-apps';
import { messagingAppIdSchema } from './messaging-apps';
import type { AccountType, BannedAtPeriod, Device } from './requests';
import { bannedAtSchema, deviceSchema } from './requests';

/*
 * The free ban check: a short questionnaire whose answers `triage()` turns into an outcome
 * (what kind of ban, what to do for free, whether we can help). The rules are a table of data
 * read top to bottom, so they can be read, reviewed and changed without touching code, and the
 * same answers give the same outcome in the browser and on the server.
 */

/** What the visitor says happened. Only `ban` leads to the ban questions. */
export const banCheckSituations = ['ban', 'lost_phone', 'hacked', 'number_changed'] as const;
export type BanCheckSituation = (typeof banCheckSituations)[number];
export const banCheckSituationSchema = z.enum(banCheckSituations, {
  error: validationCode('banCheck.situation'),
});

/**
 * The message the app shows: WhatsApp's temporary-ban screen, then the common permanent-ban
 * texts and "other" of the order form (so a permanent ban's choice carries over to it).
 */
export const TEMPORARY_BAN_MESSAGE_ID = 'temporarily_banned';
export const temporaryBanMessage = 'Temporarily banned';
export const banCheckMessageIds = [TEMPORARY_BAN_MESSAGE_ID, ...banMessageChoiceIds] as const;
export type BanCheckMessage = (typeof banCheckMessageIds)[number];
export const banCheckMessageSchema = z.enum(banCheckMessageIds, {
  error: validationCode('banCheck.message'),
});

export const yesNoUnsure = ['yes', 'no', 'not_sure'] as const;
export type YesNoUnsure = (typeof yesNoUnsure)[number];

export const banCheckCountdownSchema = z.enum(yesNoUnsure, {
  error: validationCode('banCheck.countdown'),
});
export const banCheckUnofficialAppSchema = z.enum(yesNoUnsure, {
  error: validationCode('banCheck.unofficialApp'),
});

/**
 * Personal and business accounts in the apps are appealed in the app; a WhatsApp Business
 * Platform (API) account is reviewed through Meta Business Manager instead.
 */
export const banCheckAccounts = ['personal', 'business_app', 'business_platform'] as const;
export type BanCheckAccount = (typeof banCheckAccounts)[number];
export const banCheckAccountSchema = z.enum(banCheckAccounts, {
  error: validationCode('banCheck.account'),
});

const banAnswersSchema = z.object({
  situation: z.literal('ban'),
  messagingApp: messagingAppIdSchema,
  message: banCheckMessageSchema,
  countdown: banCheckCountdownSchema,
  unofficialApp: banCheckUnofficialAppSchema,
  account: banCheckAccountSchema,
  device: deviceSchema,
  bannedAt: bannedAtSchema,
});

const notABanAnswersSchema = z.object({
  situation: z.enum(['lost_phone', 'hacked', 'number_changed']),
});

/** The questionnaire's answers. Nothing personal: no number, no name, no free text. */
export const banCheckAnswersSchema = z.discriminatedUnion(
  'situation',
  [banAnswersSchema, notABanAnswersSchema],
  { error: validationCode('banCheck.situation') },
);
export type BanCheckAnswers = z.infer<typeof banCheckAnswersSchema>;
export type BanAnswers = z.infer<typeof banAnswersSchema>;

// ---- outcomes --------------------------------------------------------------------------

export const banCheckOutcomes = [
  'temporary_ban_unofficial_app',
  'temporary_ban',
  'permanent_ban',
  'permanent_ban_business_platform',
  'lost_phone',
  'hacked',
  'number_changed',
] as const;
export type BanCheckOutcome = (typeof banCheckOutcomes)[number];

export type BanCheckOutcomeKind = 'temporary_ban' | 'permanent_ban' | 'not_a_ban';

export interface BanCheckOutcomeInfo {
  kind: BanCheckOutcomeKind;
  /**
   * Whether paying us can help. False where the person can fix it alone for free (a timer
   * that runs out) or where it is not a ban at all: those answers offer no checkout.
   */
  weCanHelp: boolean;
}

export const banCheckOutcomeInfo: Readonly<Record<BanCheckOutcome, BanCheckOutcomeInfo>> = {
  temporary_ban_unofficial_app: { kind: 'temporary_ban', weCanHelp: false },
  temporary_ban: { kind: 'temporary_ban', weCanHelp: false },
  permanent_ban: { kind: 'permanent_ban', weCanHelp: true },
  permanent_ban_business_platform: { kind: 'permanent_ban', weCanHelp: true },
  lost_phone: { kind: 'not_a_ban', weCanHelp: false },
  hacked: { kind: 'not_a_ban', weCanHelp: false },
  number_changed: { kind: 'not_a_ban', weCanHelp: false },
};

// ---- the rules -------------------------------------------------------------------------

/** The answers a rule reads, flattened: a not-a-ban answer has only `situation`. */
type Flat = { situation: BanCheckSituation } & Partial<Omit<BanAnswers, 'situation'>>;

/** A condition: for each named answer, the values that match. Unnamed answers match anything. */
export type BanCheckCondition = { readonly [K in keyof Flat]?: readonly NonNullable<Flat[K]>[] };

export interface BanCheckRule {
  when: BanCheckCondition;
  outcome: BanCheckOutcome;
  /** Why the rule is there, for whoever reads or changes the table. */
  because: string;
}

/** Read top to bottom; the first rule that matches decides. The last one matches every ban. */
export const banCheckRules: readonly BanCheckRule[] = [
  {
    when: { situation: ['lost_phone'] },
    outcome: 'lost_phone',
    because: 'A lost or stolen phone or SIM is fixed by the carrier, not by an appeal.',
  },
  {
    when: { situation: ['hacked'] },
    outcome: 'hacked',
    because: 'A taken-over account is recovered by registering the number again.',
  },
  {
    when: { situation: ['number_changed'] },
    outcome: 'number_changed',
    because: "A changed number is moved with the app's own Change number feature.",
  },
  {
    when: { message: [TEMPORARY_BAN_MESSAGE_ID], unofficialApp: ['yes', 'not_sure'] },
    outcome: 'temporary_ban_unofficial_app',
    because: 'WhatsApp bans unofficial clients for a while; switching to the official app ends it.',
  },
  {
    when: { countdown: ['yes'], unofficialApp: ['yes', 'not_sure'] },
    outcome: 'temporary_ban_unofficial_app',
    because: 'Only a temporary ban shows a countdown timer, whatever its words.',
  },
  {
    when: { message: [TEMPORARY_BAN_MESSAGE_ID] },
    outcome: 'temporary_ban',
    because: 'A temporary ban ends by itself when its timer runs out.',
  },
  {
    when: { countdown: ['yes'] },
    outcome: 'temporary_ban',
    because: 'Only a temporary ban shows a countdown timer, whatever its words.',
  },
  {
    when: { account: ['business_platform'] },
    outcome: 'permanent_ban_business_platform',
    because: 'Business Platform accounts are reviewed in Meta Business Manager, not in the app.',
  },
  {
    when: { situation: ['ban'] },
    outcome: 'permanent_ban',
    because: 'Any other ban is permanent until a review lifts it.',
  },
];

export function matches(condition: BanCheckCondition, answers: BanCheckAnswers): boolean {
  const flat: Flat = answers;
  return (Object.keys(condition) as (keyof Flat)[]).every((key) => {
    const allowed = condition[key] as readonly unknown[] | undefined;
    return allowed === undefined || allowed.includes(flat[key]);
  });
}

/** The outcome of the first matching rule of `rules` (the table above unless a test swaps it). */
export function triage(
  answers: BanCheckAnswers,
  rules: readonly BanCheckRule[] = banCheckRules,
): BanCheckOutcome {
  const rule = rules.find(({ when }) => matches(when, answers));
  // The table ends with a rule for every ban, and each not-a-ban situation has its own.
  if (!rule) throw new Error(`No ban-check rule matches situation ${answers.situation}`);
  return rule.outcome;
}

// ---- to the order form -----------------------------------------------------------------

/**
 * What the order form can take over from the check, in its own terms, so nothing is asked
 * twice. The ban message is the order form's choice; a temporary ban never reaches the form.
 */
export interface BanCheckOrderPrefill {
  messagingApp: MessagingAppId;
  accountType: AccountType;
  device: Device;
  banMessage: BanMessageChoice;
  bannedAt: BannedAtPeriod;
}

/** The order form's answers from a check whose outcome we can help with; null otherwise. */
export function orderPrefillFor(answers: BanCheckAnswers): BanCheckOrderPrefill | null {
  if (answers.situation !== 'ban' || !banCheckOutcomeInfo[triage(answers)].weCanHelp) return null;
  if (answers.message === TEMPORARY_BAN_MESSAGE_ID) return null;
  return {
    messagingApp: answers.messagingApp,
    accountType: answers.account === 'personal' ? 'personal' : 'business',
    device: answers.device,
    banMessage: answers.message,
    bannedAt: answers.bannedAt,
  };
}

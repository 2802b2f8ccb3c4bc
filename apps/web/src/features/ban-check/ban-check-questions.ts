import type { BanAnswers, BanCheckSituation } from '@unban/contract/ban-check';
import {
  banCheckAccounts,
  banCheckMessageIds,
  banCheckSituations,
  TEMPORARY_BAN_MESSAGE_ID,
  temporaryBanMessage,
  yesNoUnsure,
} from '@unban/contract/ban-check';
import {
  commonBanMessages,
  messagingAppIds,
  messagingApps,
  OTHER_BAN_MESSAGE_ID,
} from '@unban/contract/messaging-apps';
import { bannedAtLabels, bannedAtPeriods, deviceLabels, devices } from '@unban/contract/requests';

/** The questionnaire's questions, in the order asked; each is a group of radio buttons. */
export type QuestionName = 'situation' | Exclude<keyof BanAnswers, 'situation'>;

export interface Question {
  name: QuestionName;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
}

const situationLabels: Readonly<Record<BanCheckSituation, string>> = {
  ban: 'The app says my account is banned',
  lost_phone: 'I lost my phone or SIM card, or it was stolen',
  hacked: 'Someone else is using my account',
  number_changed: 'I changed my phone number',
};

const yesNoUnsureLabels = { yes: 'Yes', no: 'No', not_sure: 'I’m not sure' } as const;

const messageLabel = (id: (typeof banCheckMessageIds)[number]) =>
  id === TEMPORARY_BAN_MESSAGE_ID
    ? `“${temporaryBanMessage}”`
    : id === OTHER_BAN_MESSAGE_ID
      ? 'Something else'
      : `“${commonBanMessages[id]}”`;

const accountLabels = {
  personal: 'Personal',
  business_app: 'Business, in the WhatsApp Business app',
  business_platform: 'WhatsApp Business Platform (API), managed in Meta Business Manager',
} as const;

export const situationQuestion: Question = {
  name: 'situation',
  legend: 'What happened?',
  options: banCheckSituations.map((value) => ({ value, label: situationLabels[value] })),
};

/** Asked only when the app says the account is banned. */
export const banQuestions: readonly Question[] = [
  {
    name: 'messagingApp',
    legend: 'Which app shows the message?',
    options: messagingAppIds.map((value) => ({ value, label: messagingApps[value].name })),
  },
  {
    name: 'message',
    legend: 'What does the app say?',
    hint: 'Choose the words closest to what you see on the screen.',
    options: banCheckMessageIds.map((value) => ({ value, label: messageLabel(value) })),
  },
  {
    name: 'countdown',
    legend: 'Does it show a countdown timer?',
    options: yesNoUnsure.map((value) => ({ value, label: yesNoUnsureLabels[value] })),
  },
  {
    name: 'unofficialApp',
    legend: 'Have you used a modified WhatsApp, such as GB WhatsApp or WhatsApp Plus?',
    options: yesNoUnsure.map((value) => ({ value, label: yesNoUnsureLabels[value] })),
  },
  {
    name: 'account',
    legend: 'What kind of account is it?',
    options: banCheckAccounts.map((value) => ({ value, label: accountLabels[value] })),
  },
  {
    name: 'device',
    legend: 'Which phone is the number on?',
    options: devices.map((value) => ({ value, label: deviceLabels[value] })),
  },
  {
    name: 'bannedAt',
    legend: 'Roughly when did it happen?',
    options: bannedAtPeriods.map((value) => ({ value, label: bannedAtLabels[value] })),
  },
];

export const allQuestions: readonly Question[] = [situationQuestion, ...banQuestions];

/** The id of a question's first radio: where the error summary and focus go. */
export function questionId(name: QuestionName): string {
  return `ban-check-${name}`;
}

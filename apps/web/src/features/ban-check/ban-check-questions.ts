import type { IntlShape } from 'react-intl';
import type { BanAnswers } from '@unban/contract/ban-check';
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
import { bannedAtPeriods, devices } from '@unban/contract/requests';

/** The questionnaire's questions, in the order asked; each is a group of radio buttons. */
export type QuestionName = 'situation' | Exclude<keyof BanAnswers, 'situation'>;

export interface Question {
  name: QuestionName;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
}

/** Every question's name, in the order asked (the words need the active language). */
export const questionNames: readonly QuestionName[] = [
  'situation',
  'messagingApp',
  'message',
  'countdown',
  'unofficialApp',
  'account',
  'device',
  'bannedAt',
];

/**
 * The questions in `intl`'s language. The ban messages stay quoted as the app shows them in
 * English: they are what the visitor compares with the screen, not our words.
 */
export function banCheckQuestions(intl: IntlShape) {
  const say = intl.formatMessage;
  const yesNoUnsureLabels = {
    yes: say({ id: 'banCheck.yes' }),
    no: say({ id: 'banCheck.no' }),
    not_sure: say({ id: 'banCheck.notSure' }),
  } as const;
  const quoted = (text: string) => say({ id: 'banCheck.quoted' }, { text });
  const messageLabel = (id: (typeof banCheckMessageIds)[number]) =>
    id === TEMPORARY_BAN_MESSAGE_ID
      ? quoted(temporaryBanMessage)
      : id === OTHER_BAN_MESSAGE_ID
        ? say({ id: 'banCheck.messageOther' })
        : quoted(commonBanMessages[id]);

  const situationQuestion: Question = {
    name: 'situation',
    legend: say({ id: 'banCheck.q.situation' }),
    options: banCheckSituations.map((value) => ({
      value,
      label: say({ id: `banCheck.situation.${value}` }),
    })),
  };

  /** Asked only when the app says the account is banned. */
  const banQuestions: readonly Question[] = [
    {
      name: 'messagingApp',
      legend: say({ id: 'banCheck.q.messagingApp' }),
      options: messagingAppIds.map((value) => ({ value, label: messagingApps[value].name })),
    },
    {
      name: 'message',
      legend: say({ id: 'banCheck.q.message' }),
      hint: say({ id: 'banCheck.q.messageHint' }),
      options: banCheckMessageIds.map((value) => ({ value, label: messageLabel(value) })),
    },
    {
      name: 'countdown',
      legend: say({ id: 'banCheck.q.countdown' }),
      options: yesNoUnsure.map((value) => ({ value, label: yesNoUnsureLabels[value] })),
    },
    {
      name: 'unofficialApp',
      legend: say({ id: 'banCheck.q.unofficialApp' }),
      options: yesNoUnsure.map((value) => ({ value, label: yesNoUnsureLabels[value] })),
    },
    {
      name: 'account',
      legend: say({ id: 'banCheck.q.account' }),
      options: banCheckAccounts.map((value) => ({
        value,
        label: say({ id: `banCheck.account.${value}` }),
      })),
    },
    {
      name: 'device',
      legend: say({ id: 'banCheck.q.device' }),
      options: devices.map((value) => ({ value, label: say({ id: `device.${value}` }) })),
    },
    {
      name: 'bannedAt',
      legend: say({ id: 'banCheck.q.bannedAt' }),
      options: bannedAtPeriods.map((value) => ({ value, label: say({ id: `bannedAt.${value}` }) })),
    },
  ];

  return { situationQuestion, banQuestions, allQuestions: [situationQuestion, ...banQuestions] };
}

/** The id of a question's first radio: where the error summary and focus go. */
export function questionId(name: QuestionName): string {
  return `ban-check-${name}`;
}

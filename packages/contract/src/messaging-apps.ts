import { z } from 'zod';
import { validationCode } from './validation-codes';

/**
 * The messaging apps a customer can ask about. WhatsApp and WhatsApp Business are separate
 * apps with separate review channels (Business has its own support form), so operators need
 * to know which one showed the ban. The first entry is the form's default.
 */
export const messagingAppIds = ['whatsapp', 'whatsapp_business'] as const;
// A code the web words in the customer's language (validation-codes.ts), like every field's.
export const messagingAppIdSchema = z.enum(messagingAppIds, {
  error: validationCode('request.messagingApp'),
});
export type MessagingAppId = z.infer<typeof messagingAppIdSchema>;

export interface MessagingApp {
  id: MessagingAppId;
  name: string;
}

export const messagingApps: Readonly<Record<MessagingAppId, MessagingApp>> = {
  whatsapp: { id: 'whatsapp', name: 'WhatsApp' },
  whatsapp_business: { id: 'whatsapp_business', name: 'WhatsApp Business' },
};

/** In the order the form offers them; the first is the default. */
export const messagingAppList: readonly MessagingApp[] = messagingAppIds.map(
  (id) => messagingApps[id],
);

export const defaultMessagingAppId: MessagingAppId = 'whatsapp';

export function getMessagingApp(id: MessagingAppId): MessagingApp {
  return messagingApps[id];
}

/**
 * The ban messages customers most often report, word for word as the apps show them. The
 * customer picks one instead of retyping it, which keeps the exact wording an appeal needs;
 * anything else is typed in full ("other"). The API carries the text, not the id, so
 * operators read what the customer saw and the list can change without a migration.
 */
export const commonBanMessageIds = [
  'not_allowed_spam',
  'not_allowed',
  'can_no_longer_use',
  'number_banned_contact_support',
] as const;
export type CommonBanMessageId = (typeof commonBanMessageIds)[number];

export const commonBanMessages: Readonly<Record<CommonBanMessageId, string>> = {
  not_allowed_spam: 'This account is not allowed to use WhatsApp due to spam',
  not_allowed: 'This account is not allowed to use WhatsApp',
  can_no_longer_use: 'This account can no longer use WhatsApp',
  number_banned_contact_support:
    'Your phone number is banned from using WhatsApp. Contact support for help.',
};

/** The choice that asks the customer to type the message exactly as shown. */
export const OTHER_BAN_MESSAGE_ID = 'other';
export const otherBanMessageLabel = 'Other (type it exactly)';

/** The form's choices, in display order: the common messages, then "other". */
export const banMessageChoiceIds = [...commonBanMessageIds, OTHER_BAN_MESSAGE_ID] as const;
export const banMessageChoiceSchema = z.enum(banMessageChoiceIds, {
  error: 'Choose the message the app shows, or "Other" to type it.',
});
export type BanMessageChoice = z.infer<typeof banMessageChoiceSchema>;

function isCommonBanMessageId(choice: BanMessageChoice): choice is CommonBanMessageId {
  return choice !== OTHER_BAN_MESSAGE_ID;
}

/** The id of the common message with exactly this text, or `other` for any other text. */
export function banMessageChoiceFor(text: string): BanMessageChoice {
  const trimmed = text.trim();
  return (
    commonBanMessageIds.find((id) => commonBanMessages[id] === trimmed) ?? OTHER_BAN_MESSAGE_ID
  );
}

/** The message to send for a choice: the listed text, or what the customer typed for `other`. */
export function banMessageTextFor(choice: BanMessageChoice, otherText: string): string {
  return isCommonBanMessageId(choice) ? commonBanMessages[choice] : otherText.trim();
}

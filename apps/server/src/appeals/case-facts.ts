import type { CaseFacts } from '@unban/contract/appeals';
import { getMessagingApp, messagingAppIdSchema } from '@unban/contract/messaging-apps';
import {
  bannedAtLabels,
  deviceLabels,
  deviceSchema,
  bannedAtSchema,
} from '@unban/contract/requests';
import { siteConfig } from '@unban/contract/site-config';
import type { RequestRow } from '../db/schema';

/*
 * The values the playbook templates' placeholders take for one case. Dates are written out
 * in words in UTC ("November 25, 2026"): an appeal is read by a person at the platform, who
 * does not know our customer's zone.
 */

const longDate = new Intl.DateTimeFormat(siteConfig.locale, {
  dateStyle: 'long',
  timeZone: 'UTC',
});

/** "on November 25, 2026", or the period the customer chose ("in the past 7 days"). */
function bannedAtWords(row: Pick<RequestRow, 'bannedAt' | 'bannedAtApprox'>): string {
  if (row.bannedAt) return `on ${longDate.format(row.bannedAt)}`;
  const period = bannedAtSchema.safeParse(row.bannedAtApprox);
  if (!period.success) return 'recently';
  return period.data === 'today' ? 'today' : bannedAtLabels[period.data].toLowerCase();
}

export type CaseFactsRow = Pick<
  RequestRow,
  | 'messagingApp'
  | 'phoneE164'
  | 'device'
  | 'banMessage'
  | 'usage'
  | 'bannedAt'
  | 'bannedAtApprox'
  | 'createdAt'
  | 'reference'
>;

/**
 * @param customerReplies the customer's own messages on the case, oldest first: their words
 *   are what they wrote to us; without any, what they said the number is used for.
 */
export function caseFactsOf(row: CaseFactsRow, customerReplies: readonly string[]): CaseFacts {
  const app = messagingAppIdSchema.safeParse(row.messagingApp);
  const device = deviceSchema.safeParse(row.device);
  const words = customerReplies.map((reply) => reply.trim()).filter((reply) => reply !== '');
  return {
    phone_e164: row.phoneE164,
    app: app.success ? getMessagingApp(app.data).name : row.messagingApp,
    device: device.success && device.data !== 'other' ? deviceLabels[device.data] : 'another phone',
    ban_message: row.banMessage,
    usage: row.usage,
    banned_at: bannedAtWords(row),
    requested_at: longDate.format(row.createdAt),
    customer_words: words.length > 0 ? words.join('\n\n') : row.usage,
    reference: row.reference,
  };
}

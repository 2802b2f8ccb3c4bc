import { z } from 'zod';
import { appealKindSchema } from './appeals';
import { channelKindSchema } from './playbooks';

/*
 * A line the system writes on the customer's timeline, as a stable code and its values
 * (issue 15): the web says it in the customer's language from its catalogs
 * (`timeline.notice.<kind>`), while the row keeps the English words for the back office, the
 * export and English readers. Operators' own words are not notices: they are shown as written.
 * Add kinds, never rename them: rows keep them.
 */

const money = {
  amountMinor: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
};
/** The messaging app's name as the apps write it ("WhatsApp Business"). */
const app = z.string().min(1);

export const timelineNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('request_received') }),
  z.object({ kind: z.literal('payment_received'), ...money }),
  z.object({ kind: z.literal('payment_refunded'), ...money }),
  z.object({ kind: z.literal('refunded_before_work'), ...money }),
  z.object({ kind: z.literal('canceled_paid'), ...money }),
  z.object({ kind: z.literal('canceled_unpaid') }),
  z.object({
    kind: z.literal('appeal_sent'),
    appealKind: appealKindSchema,
    channelKind: channelKindSchema,
    app,
  }),
  z.object({ kind: z.literal('owner_review_is_appeal'), app }),
  z.object({
    kind: z.literal('owner_review_requested'),
    app,
    /** The operator's own words under the request, shown as written; null when none. */
    message: z.string().nullable(),
  }),
  z.object({ kind: z.literal('owner_review_confirmed'), app }),
  z.object({ kind: z.literal('platform_restored'), app }),
  z.object({ kind: z.literal('platform_ban_kept'), app }),
]);
export type TimelineNotice = z.infer<typeof timelineNoticeSchema>;
export type TimelineNoticeKind = TimelineNotice['kind'];

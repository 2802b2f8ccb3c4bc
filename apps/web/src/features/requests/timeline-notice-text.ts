import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { defaultLocale } from '@unban/contract/locale-tags';
import { formatPrice } from '@unban/contract/plans';
import type { PlanId } from '@unban/contract/plans';
import type { TimelineEntry } from '@unban/contract/requests';
import type { TimelineNotice } from '@unban/contract/timeline-notices';
import type { MessageId } from '../../lib/i18n/catalog';
import { useActiveLocale } from '../../lib/i18n/use-active-locale';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** The catalog's message for each kind of system line (`timeline.notice.<kind>`). */
const noticeMessage: Readonly<Record<TimelineNotice['kind'], MessageId>> = {
  request_received: 'timeline.notice.requestReceived',
  payment_received: 'timeline.notice.paymentReceived',
  payment_refunded: 'timeline.notice.paymentRefunded',
  refunded_before_work: 'timeline.notice.refundedBeforeWork',
  canceled_paid: 'timeline.notice.canceledPaid',
  canceled_unpaid: 'timeline.notice.canceledUnpaid',
  appeal_sent: 'timeline.notice.appealSent',
  owner_review_is_appeal: 'timeline.notice.ownerReviewIsAppeal',
  owner_review_requested: 'timeline.notice.ownerReviewRequested',
  owner_review_confirmed: 'timeline.notice.ownerReviewConfirmed',
  platform_restored: 'timeline.notice.platformRestored',
  platform_ban_kept: 'timeline.notice.platformBanKept',
};

/**
 * What a timeline entry tells the customer, in the page's language: the system's lines are
 * worded from the catalog by their notice; an operator's words, an entry from before notices
 * and every English entry show the stored text, which is the English exactly as written.
 * `plan` is the request's, whose reply time the "payment received" line names.
 */
export function useTimelineMessage(plan: PlanId): (entry: TimelineEntry) => string | null {
  const intl = useIntl();
  const locale = useActiveLocale();
  const replyWithin = useSiteIdentity().plans[plan].operatorReplyWithin;
  return useCallback(
    (entry: TimelineEntry) => {
      const { notice } = entry;
      if (!notice || locale === defaultLocale || entry.messageToCustomer === null) {
        return entry.messageToCustomer;
      }
      const money = (price: { amountMinor: number; currency: string }) =>
        formatPrice({ amountMinor: price.amountMinor, currency: price.currency }, locale);
      const id = noticeMessage[notice.kind];
      switch (notice.kind) {
        case 'payment_received':
          return intl.formatMessage({ id }, { amount: money(notice), wait: replyWithin });
        case 'payment_refunded':
        case 'refunded_before_work':
        case 'canceled_paid':
          return intl.formatMessage({ id }, { amount: money(notice) });
        case 'appeal_sent':
          return intl.formatMessage(
            { id },
            {
              kind: notice.appealKind,
              channel: notice.channelKind.replaceAll('-', '_'),
              app: notice.app,
            },
          );
        case 'owner_review_requested': {
          const line = intl.formatMessage({ id }, { app: notice.app });
          // The operator's own words follow, as they wrote them.
          return notice.message ? `${line}\n\n${notice.message}` : line;
        }
        case 'owner_review_is_appeal':
        case 'owner_review_confirmed':
        case 'platform_restored':
        case 'platform_ban_kept':
          return intl.formatMessage({ id }, { app: notice.app });
        case 'request_received':
        case 'canceled_unpaid':
          return intl.formatMessage({ id });
      }
    },
    [intl, locale, replyWithin],
  );
}

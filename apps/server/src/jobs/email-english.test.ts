import { describe, expect, it } from 'vitest';
import type { CaseState } from '@unban/contract/case-states';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { parseSiteIdentity } from '@unban/contract/site-identity';
import { ownerReviewSteps } from '@unban/contract/owner-review';
import { customerEmailTemplateNames, renderEmail } from './email-templates';
import type { CustomerEmailTemplateName } from './email-templates';

/*
 * English is the default locale and its e-mails were written before the languages: they must
 * come out byte for byte as they did (the snapshot was recorded from the English-only
 * renderer), for today's identity and for a configured one.
 */

const stateOf: Record<CustomerEmailTemplateName, CaseState> = {
  request_received: 'awaiting_payment',
  payment_received: 'queued',
  info_needed: 'needs_info',
  appeal_submitted: 'appeal_submitted',
  unbanned: 'unbanned',
  refund_coming: 'not_eligible',
  refund_issued: 'refunded',
  request_canceled: 'canceled',
  owner_review_requested: 'in_review',
  owner_review_reminder: 'appeal_submitted',
};

const telegram = parseSiteIdentity({
  brand: 'Unban Telegram Desk',
  appName: 'Telegram',
  appOwner: 'Telegram FZ-LLC',
  supportEmail: 'help@unban-telegram.example',
  plans: { standard: { operatorReplyWithin: 'within 2 working days' } },
});
if (!telegram.success) throw new Error(telegram.problems.join('\n'));

describe('English e-mails', () => {
  it.each(customerEmailTemplateNames)('%s is unchanged', async (template) => {
    const rendered = [defaultSiteIdentity, telegram.identity].map((identity) =>
      renderEmail(
        template,
        {
          requestId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
          reference: 'UB-7K3Q9XQ2',
          state: stateOf[template],
          plan: 'standard',
          messageToCustomer: 'Payment of $49.00 received. <b>Thanks</b> & "welcome"\nSecond line.',
          ...(template.startsWith('owner_review')
            ? { steps: ownerReviewSteps('whatsapp', 'android') }
            : {}),
        },
        'https://unban.example.test/',
        identity,
      ),
    );
    await expect(JSON.stringify(rendered, null, 2)).toMatchFileSnapshot(
      `./__snapshots__/english-${template}.json`,
    );
  });
});

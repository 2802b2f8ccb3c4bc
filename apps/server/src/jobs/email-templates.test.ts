import { describe, expect, it } from 'vitest';
import { caseStateInfo, caseUsualWait } from '@unban/contract/case-states';
import type { CaseState } from '@unban/contract/case-states';
import {
  NO_CODES_PLEDGE,
  customerEmailTemplateNames,
  emailTemplateNames,
  renderEmail,
} from './email-templates';
import type { EmailData, EmailTemplateName } from './email-templates';
import { defaultSiteIdentity } from '@unban/contract/site-config';

const publicUrl = 'https://unban.example.test/';
const requestId = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const caseUrl = `https://unban.example.test/#/requests/${requestId}`;

/** The state each template announces (the one it is sent for). */
const stateOf: Record<EmailTemplateName, CaseState> = {
  reply_due_soon: 'in_review',
  request_received: 'awaiting_payment',
  payment_received: 'queued',
  info_needed: 'needs_info',
  appeal_submitted: 'appeal_submitted',
  unbanned: 'unbanned',
  refund_coming: 'denied',
  refund_issued: 'refunded',
  request_canceled: 'canceled',
  owner_review_requested: 'in_review',
  owner_review_reminder: 'appeal_submitted',
};

function data(template: EmailTemplateName, overrides: Partial<EmailData> = {}): EmailData {
  return {
    requestId,
    reference: 'UB-7K3Q9XQ2',
    state: stateOf[template],
    plan: 'priority',
    messageToCustomer: null,
    ...(template === 'reply_due_soon' ? { dueAt: '2026-12-28T10:00:00.000Z' } : {}),
    ...overrides,
  };
}

describe('renderEmail', () => {
  it.each(customerEmailTemplateNames)(
    '%s carries the reference, the state, what happens next, the case link and the pledge',
    (template) => {
      const email = renderEmail(template, data(template), publicUrl, defaultSiteIdentity);
      const info = caseStateInfo[stateOf[template]];
      expect(email.subject).toMatch(/^UB-7K3Q9XQ2: \S/);
      for (const body of [email.text, email.html]) {
        expect(body).toContain('UB-7K3Q9XQ2');
        expect(body).toContain(info.label);
        expect(body).toContain(info.next.replaceAll("'", body === email.html ? '&#39;' : "'"));
        expect(body).toContain(caseUrl);
        expect(body).toContain(NO_CODES_PLEDGE);
      }
      expect(NO_CODES_PLEDGE).toBe('We never ask for your SMS code, two-step PIN or password.');
      expect(email.html).toContain(`href="${caseUrl}"`);
    },
  );

  it('sends the operators a reply warning with the deadline and the back-office link only', () => {
    const email = renderEmail(
      'reply_due_soon',
      data('reply_due_soon'),
      publicUrl,
      defaultSiteIdentity,
    );
    expect(email.subject).toBe('UB-7K3Q9XQ2: reply due by Dec 28, 2026, 10:00 AM UTC');
    expect(email.text).toContain('Priority plan, In review');
    expect(email.text).toContain(`https://unban.example.test/#/admin/requests/${requestId}`);
    expect(email.text).not.toContain(caseUrl);
    expect(() =>
      renderEmail(
        'reply_due_soon',
        data('reply_due_soon', { dueAt: undefined }),
        publicUrl,
        defaultSiteIdentity,
      ),
    ).toThrow(/needs its deadline/);
  });

  it('gives every template its own subject', () => {
    const subjects = emailTemplateNames.map(
      (template) => renderEmail(template, data(template), publicUrl, defaultSiteIdentity).subject,
    );
    expect(new Set(subjects).size).toBe(emailTemplateNames.length);
  });

  it('links the request received e-mail to the payment page of the order', () => {
    const email = renderEmail(
      'request_received',
      data('request_received'),
      publicUrl,
      defaultSiteIdentity,
    );
    const paymentUrl = 'https://unban.example.test/payment-status?order=UB-7K3Q9XQ2';
    expect(email.text).toContain(paymentUrl);
    expect(email.html).toContain(`href="${paymentUrl}"`);
  });

  it("quotes the operator's question when information is needed", () => {
    const email = renderEmail(
      'info_needed',
      data('info_needed', { messageToCustomer: 'Which phone was the number on?' }),
      publicUrl,
      defaultSiteIdentity,
    );
    expect(email.text).toContain('The operator asks:\nWhich phone was the number on?');
    expect(email.html).toContain('Which phone was the number on?');
  });

  it('repeats the amount the payment and refund messages give, as a receipt', () => {
    const paid = renderEmail(
      'payment_received',
      data('payment_received', { messageToCustomer: 'Payment of $49.00 received.' }),
      publicUrl,
      defaultSiteIdentity,
    );
    expect(paid.text).toContain('Details:\nPayment of $49.00 received.');
    const refunded = renderEmail(
      'refund_issued',
      data('refund_issued', { messageToCustomer: 'Your payment of $49.00 has been refunded.' }),
      publicUrl,
      defaultSiteIdentity,
    );
    expect(refunded.html).toContain('Your payment of $49.00 has been refunded.');
  });

  it('leaves the message block out of the request received e-mail', () => {
    const email = renderEmail(
      'request_received',
      data('request_received', { messageToCustomer: 'Request received. Internal wording.' }),
      publicUrl,
      defaultSiteIdentity,
    );
    expect(email.text).not.toContain('Internal wording');
  });

  it("gives the customer's own plan's usual wait", () => {
    const email = renderEmail(
      'payment_received',
      data('payment_received'),
      publicUrl,
      defaultSiteIdentity,
    );
    const wait = caseUsualWait('queued', defaultSiteIdentity.plans.priority);
    expect(wait).not.toBeNull();
    expect(email.text).toContain(`Usual wait: ${String(wait)}.`);
  });

  it('lists the owner’s steps, numbered, in the in-app review e-mails', () => {
    const steps = ['Open WhatsApp on your iPhone.', 'Tap “Request a review” <now>.'];
    for (const template of ['owner_review_requested', 'owner_review_reminder'] as const) {
      const email = renderEmail(
        template,
        data(template, { steps }),
        publicUrl,
        defaultSiteIdentity,
      );
      expect(email.text).toContain(
        '1. Open WhatsApp on your iPhone.\n2. Tap “Request a review” <now>.',
      );
      expect(email.html).toContain(
        '<ol><li>Open WhatsApp on your iPhone.</li><li>Tap “Request a review” &lt;now&gt;.</li></ol>',
      );
      expect(email.text).toContain(NO_CODES_PLEDGE);
    }
    expect(
      renderEmail('appeal_submitted', data('appeal_submitted'), publicUrl, defaultSiteIdentity)
        .html,
    ).not.toContain('<ol>');
  });

  it('escapes what an operator wrote in the HTML part', () => {
    const email = renderEmail(
      'info_needed',
      data('info_needed', { messageToCustomer: '<script>alert("x")</script> & <b>more</b>' }),
      publicUrl,
      defaultSiteIdentity,
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>more</b>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;');
    expect(email.text).toContain('<script>alert("x")</script> & <b>more</b>');
  });
});

import { z } from 'zod';
import { caseStateInfo, caseStateInfoFor, caseUsualWait } from '@unban/contract/case-states';
import { caseStateSchema } from '@unban/contract/state-schemas';
import type { CaseState } from '@unban/contract/case-states';
import { documentUrl, pageUrl, paths } from '@unban/contract/paths';
import { planIdSchema } from '@unban/contract/plan-id';
import type { SiteIdentity } from '@unban/contract/site-config';
import { escapeHtml } from '@unban/contract/escape-html';
import { renderReplyDueSoon } from './operator-emails';

/** The e-mails a customer receives. */
export const customerEmailTemplateNames = [
  'request_received',
  'payment_received',
  'info_needed',
  'appeal_submitted',
  'unbanned',
  'refund_coming',
  'refund_issued',
  'request_canceled',
  'owner_review_requested',
  'owner_review_reminder',
] as const;
export type CustomerEmailTemplateName = (typeof customerEmailTemplateNames)[number];

/**
 * Every e-mail; the outbox kind of each is `email.<template>`. `reply_due_soon` goes to the
 * operators (operator-emails.ts), the others to the customer.
 */
export const emailTemplateNames = [...customerEmailTemplateNames, 'reply_due_soon'] as const;
export const emailTemplateNameSchema = z.enum(emailTemplateNames);
export type EmailTemplateName = z.infer<typeof emailTemplateNameSchema>;

/**
 * What every template needs, stored in the outbox row when the cause commits. Links are
 * built at send time from PUBLIC_URL, so a changed address never sends stale links, and no
 * secret (such as the payment-status token) is kept in the outbox.
 */
export const emailDataSchema = z.object({
  requestId: z.uuid(),
  reference: z.string().min(1),
  /** The case state the e-mail announces. */
  state: caseStateSchema,
  plan: planIdSchema,
  /** The operator's (or system's) words on the timeline, e.g. the question when info is needed. */
  messageToCustomer: z.string().nullable(),
  /** The reply deadline an operator e-mail warns about. */
  dueAt: z.iso.datetime({ offset: true }).optional(),
  /** Steps the customer follows themselves (the owner's in-app review), in order. */
  steps: z.array(z.string()).optional(),
});
export type EmailData = z.infer<typeof emailDataSchema>;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The pledge DESIGN.md section 1 requires in every e-mail. */
export const NO_CODES_PLEDGE = 'We never ask for your SMS code, two-step PIN or password.';

interface TemplateCopy {
  /** Subject after the reference, e.g. "Payment received". */
  subject: string;
  /** The opening paragraph. */
  intro: string;
  /** Heading of the message block, when the template shows the timeline message. */
  messageHeading: string | null;
  /** The main button / link: to the payment-status screen or the case page. */
  action: 'pay' | 'case';
  actionLabel: string;
}

const STEPS_HEADING = 'How to request the review, on your phone:';

/** What each e-mail says, for a site about `app`. */
function copyFor(app: string): Readonly<Record<CustomerEmailTemplateName, TemplateCopy>> {
  return {
    request_received: {
      subject: 'Request received',
      intro: `Thank you: we have your request to get your ${app} number unbanned.`,
      messageHeading: null,
      action: 'pay',
      actionLabel: 'Complete or check your payment',
    },
    payment_received: {
      subject: 'Payment received',
      intro: 'Your payment is confirmed and your case is in the queue.',
      messageHeading: 'Details',
      action: 'case',
      actionLabel: 'Follow your case',
    },
    info_needed: {
      subject: 'Information needed',
      intro: 'The operator working on your case needs more information from you.',
      messageHeading: 'The operator asks',
      action: 'case',
      actionLabel: 'Reply on your case page',
    },
    appeal_submitted: {
      subject: 'Appeal submitted',
      intro: `We have submitted your appeal through ${app}'s official review channels.`,
      messageHeading: 'Message from the operator',
      action: 'case',
      actionLabel: 'Follow your case',
    },
    unbanned: {
      subject: 'Your number is unbanned',
      intro: `Good news: ${app} has lifted the ban on your number.`,
      messageHeading: 'Message from the operator',
      action: 'case',
      actionLabel: 'See your case',
    },
    refund_coming: {
      subject: 'Your number could not be unbanned: full refund on its way',
      intro: `We could not get your number unbanned, so we are refunding your payment in full. You do not need to ask.`,
      messageHeading: 'Message from the operator',
      action: 'case',
      actionLabel: 'See your case',
    },
    request_canceled: {
      subject: 'Request canceled',
      intro: 'Your request is canceled; no work will be done on it.',
      messageHeading: 'Details',
      action: 'case',
      actionLabel: 'See your case',
    },
    refund_issued: {
      subject: 'Refund issued',
      intro: 'Your payment has been refunded in full.',
      messageHeading: 'Details',
      action: 'case',
      actionLabel: 'See your case',
    },
    owner_review_requested: {
      subject: `Please request a review in ${app}`,
      intro: `One step of your appeal only you can do: ${app}'s in-app "Request a review" needs the code ${app} texts to your number, and we never ask for that code. Please send the request from your phone, then tell us on your case page.`,
      messageHeading: 'Message from the operator',
      action: 'case',
      actionLabel: 'Confirm on your case page once you have sent it',
    },
    owner_review_reminder: {
      subject: `Reminder: please request a review in ${app}`,
      intro: `We asked you to request a review in ${app} yourself, and we have not seen your confirmation yet. If you have already sent it, just press "I have submitted the review" on your case page; if not, the steps are below.`,
      messageHeading: 'Message from the operator',
      action: 'case',
      actionLabel: 'Open your case page',
    },
  };
}

function stateLines(
  state: CaseState,
  data: EmailData,
  identity: SiteIdentity,
): { next: string; wait: string | null } {
  return {
    next: caseStateInfoFor(identity)[state].next,
    wait: caseUsualWait(state, identity.plans[data.plan]),
  };
}

/**
 * Renders one e-mail as plain text and simple HTML, in the words of the site `identity`;
 * every customer value is escaped in HTML.
 */
export function renderEmail(
  template: EmailTemplateName,
  data: EmailData,
  publicUrl: string,
  identity: SiteIdentity,
): RenderedEmail {
  if (template === 'reply_due_soon') return renderReplyDueSoon(data, publicUrl, identity);
  const { appName: app, appOwner, supportEmail, brand } = identity;
  const words = copyFor(app)[template];
  const label = caseStateInfo[data.state].label;
  const { next, wait } = stateLines(data.state, data, identity);
  const actionUrl =
    words.action === 'pay'
      ? // The status token is never stored, so the screen reads the order with the
        // customer's sign-in, and offers a new checkout from there.
        documentUrl(publicUrl, paths.paymentStatus.to({ order: data.reference }))
      : pageUrl(publicUrl, paths.requestDetail.to(data.requestId));
  // The case page opens for the customer once signed in (the anonymous session counts).
  const caseUrl = pageUrl(publicUrl, paths.requestDetail.to(data.requestId));
  const message = words.messageHeading && data.messageToCustomer?.trim();
  const steps = data.steps ?? [];
  const subject = `${data.reference}: ${words.subject}`;

  const text = [
    'Hello,',
    '',
    words.intro,
    '',
    `Reference: ${data.reference}`,
    `Status: ${label}`,
    ...(message ? ['', `${words.messageHeading}:`, message] : []),
    ...(steps.length > 0
      ? ['', STEPS_HEADING, ...steps.map((step, index) => `${index + 1}. ${step}`)]
      : []),
    '',
    `What happens next: ${next}`,
    ...(wait ? [`Usual wait: ${wait}.`] : []),
    '',
    `${words.actionLabel}: ${actionUrl}`,
    ...(actionUrl === caseUrl ? [] : [`Your case page: ${caseUrl}`]),
    '',
    NO_CODES_PLEDGE,
    `Questions? Write to ${supportEmail} and quote ${data.reference}.`,
    '',
    `${brand} (not affiliated with ${app} or ${appOwner})`,
  ].join('\n');

  const paragraph = (content: string) => `<p>${content}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a">',
    paragraph('Hello,'),
    paragraph(escapeHtml(words.intro)),
    paragraph(
      `<strong>Reference:</strong> ${escapeHtml(data.reference)}<br><strong>Status:</strong> ${escapeHtml(label)}`,
    ),
    ...(message && words.messageHeading
      ? [
          `<p><strong>${escapeHtml(words.messageHeading)}:</strong></p>`,
          `<blockquote style="white-space: pre-wrap">${escapeHtml(message)}</blockquote>`,
        ]
      : []),
    ...(steps.length > 0
      ? [
          `<p><strong>${escapeHtml(STEPS_HEADING)}</strong></p>`,
          `<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>`,
        ]
      : []),
    paragraph(
      `<strong>What happens next:</strong> ${escapeHtml(next)}${wait ? `<br><strong>Usual wait:</strong> ${escapeHtml(wait)}.` : ''}`,
    ),
    paragraph(`<a href="${escapeHtml(actionUrl)}">${escapeHtml(words.actionLabel)}</a>`),
    ...(actionUrl === caseUrl
      ? []
      : [paragraph(`<a href="${escapeHtml(caseUrl)}">Your case page</a>`)]),
    paragraph(`<strong>${escapeHtml(NO_CODES_PLEDGE)}</strong>`),
    paragraph(
      `Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a> and quote ${escapeHtml(data.reference)}.`,
    ),
    paragraph(escapeHtml(`${brand} (not affiliated with ${app} or ${appOwner})`)),
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}

import { z } from 'zod';
import { appealKindSchema } from '@unban/contract/appeals';
import { caseStateInfo } from '@unban/contract/case-states';
import { caseStateSchema } from '@unban/contract/state-schemas';
import type { CaseState } from '@unban/contract/case-states';
import {
  defaultLocale,
  localeBasePath,
  localeDirection,
  localeSchema,
  type SupportedLocale,
} from '@unban/contract/locales';
import { getMessagingApp, messagingAppIdSchema } from '@unban/contract/messaging-apps';
import { documentUrl, pageUrl, paths } from '@unban/contract/paths';
import { planIdSchema } from '@unban/contract/plan-id';
import type { Plan } from '@unban/contract/plans';
import { channelKindSchema } from '@unban/contract/playbooks';
import { deviceSchema } from '@unban/contract/requests';
import type { SiteIdentity } from '@unban/contract/site-config';
import { escapeHtml } from '@unban/contract/escape-html';
import { en } from './email-messages/en';
import { emailText, type EmailText } from './email-text';
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
 * What the system itself wrote on the customer's timeline, as data, so that the e-mail can say
 * it in the customer's language (the timeline keeps the English line). Operators' own words
 * are sent as written: they answer in the customer's language themselves.
 */
const moneySchema = {
  amountMinor: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
};
export const customerNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payment_received'), ...moneySchema }),
  z.object({ kind: z.literal('payment_refunded'), ...moneySchema }),
  z.object({ kind: z.literal('refunded_before_work'), ...moneySchema }),
  z.object({ kind: z.literal('canceled_paid'), ...moneySchema }),
  z.object({ kind: z.literal('canceled_unpaid') }),
  z.object({
    kind: z.literal('appeal_sent'),
    appealKind: appealKindSchema,
    channelKind: channelKindSchema,
    /** The messaging app's name, e.g. "WhatsApp Business". */
    app: z.string().min(1),
  }),
  z.object({ kind: z.literal('owner_review_is_appeal'), app: z.string().min(1) }),
]);
export type CustomerNotice = z.infer<typeof customerNoticeSchema>;

/**
 * What every template needs, stored in the outbox row when the cause commits. Links are
 * built at send time from PUBLIC_URL, so a changed address never sends stale links, and no
 * secret (such as the payment-status token) is kept in the outbox.
 */
export const emailDataSchema = z.object({
  requestId: z.uuid(),
  reference: z.string().min(1),
  /**
   * The customer's language when the cause committed. Kept in the row, like the message, so a
   * queued e-mail says what it was written to say even if the request changes meanwhile.
   * Absent in rows older than the languages: English.
   */
  locale: localeSchema.optional(),
  /** The case state the e-mail announces. */
  state: caseStateSchema,
  plan: planIdSchema,
  /** The operator's (or system's) words on the timeline, e.g. the question when info is needed. */
  messageToCustomer: z.string().nullable(),
  /** The same words as data when the system wrote them, for the customer's language. */
  notice: customerNoticeSchema.optional(),
  /** The reply deadline an operator e-mail warns about. */
  dueAt: z.iso.datetime({ offset: true }).optional(),
  /** Steps the customer follows themselves (the owner's in-app review), in order, in English. */
  steps: z.array(z.string()).optional(),
  /** The app and phone those steps are for, to write them in the customer's language. */
  stepsFor: z.object({ messagingApp: messagingAppIdSchema, device: deviceSchema }).optional(),
});
export type EmailData = z.infer<typeof emailDataSchema>;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The pledge DESIGN.md section 1 requires in every e-mail. */
export const NO_CODES_PLEDGE = en.pledge;

type Heading = 'heading.details' | 'heading.operatorAsks' | 'heading.fromOperator';

interface TemplateCopy {
  /** Heading of the message block, when the template shows the timeline message. */
  messageHeading: Heading | null;
  /** The main button / link: to the payment-status screen or the case page. */
  action: 'pay' | 'case';
}

/** How each e-mail is built; its words are `<template>.subject`, `.intro` and `.action`. */
const templateCopy: Readonly<Record<CustomerEmailTemplateName, TemplateCopy>> = {
  request_received: { messageHeading: null, action: 'pay' },
  payment_received: { messageHeading: 'heading.details', action: 'case' },
  info_needed: { messageHeading: 'heading.operatorAsks', action: 'case' },
  appeal_submitted: { messageHeading: 'heading.fromOperator', action: 'case' },
  unbanned: { messageHeading: 'heading.fromOperator', action: 'case' },
  refund_coming: { messageHeading: 'heading.fromOperator', action: 'case' },
  request_canceled: { messageHeading: 'heading.details', action: 'case' },
  refund_issued: { messageHeading: 'heading.details', action: 'case' },
  owner_review_requested: { messageHeading: 'heading.fromOperator', action: 'case' },
  owner_review_reminder: { messageHeading: 'heading.fromOperator', action: 'case' },
};

/** The usual wait of the states whose wait is not the plan's reply time. */
const fixedWaits: Partial<Record<CaseState, 'wait.appealReview' | 'wait.refund'>> = {
  appeal_submitted: 'wait.appealReview',
  denied: 'wait.refund',
  not_eligible: 'wait.refund',
};

/**
 * The plan's reply promise. English keeps the identity's own words ("within 1 business
 * day"), which its operator wrote in English; other languages say the deadline itself, in
 * business hours (or minutes when it is not whole hours).
 */
function planWait(text: EmailText, plan: Plan): string {
  if (text.locale === defaultLocale) return plan.operatorReplyWithin;
  const minutes = plan.replyWithinBusinessMinutes;
  return minutes % 60 === 0
    ? text.t('wait.replyHours', { hours: minutes / 60 })
    : text.t('wait.replyMinutes', { minutes });
}

function usualWait(text: EmailText, state: CaseState, plan: Plan): string | null {
  if (caseStateInfo[state].waitDependsOnPlan) return planWait(text, plan);
  const fixed = fixedWaits[state];
  return fixed ? text.t(fixed) : null;
}

/** The system's timeline words in the customer's language. */
function noticeText(
  text: EmailText,
  notice: CustomerNotice,
  data: EmailData,
  identity: SiteIdentity,
) {
  switch (notice.kind) {
    case 'payment_received':
      return text.t('notice.paymentReceived', {
        amount: text.money(notice.amountMinor, notice.currency),
        wait: planWait(text, identity.plans[data.plan]),
      });
    case 'payment_refunded':
      return text.t('notice.paymentRefunded', {
        amount: text.money(notice.amountMinor, notice.currency),
      });
    case 'refunded_before_work':
      return text.t('notice.refundedBeforeWork', {
        amount: text.money(notice.amountMinor, notice.currency),
      });
    case 'canceled_paid':
      return text.t('notice.canceledPaid', {
        amount: text.money(notice.amountMinor, notice.currency),
      });
    case 'canceled_unpaid':
      return text.t('notice.canceledUnpaid');
    case 'appeal_sent':
      return text.t('notice.appealSent', {
        kind: notice.appealKind,
        channel: notice.channelKind.replaceAll('-', '_'),
        app: notice.app,
      });
    case 'owner_review_is_appeal':
      return text.t('notice.ownerReviewIsAppeal', { app: notice.app });
  }
}

/**
 * The message block: English shows the timeline's own words, exactly; another language shows
 * the system's words translated, or the operator's words as they wrote them.
 */
function messageOf(text: EmailText, data: EmailData, identity: SiteIdentity): string | undefined {
  if (text.locale !== defaultLocale && data.notice) {
    return noticeText(text, data.notice, data, identity);
  }
  return data.messageToCustomer?.trim() || undefined;
}

const ownerStepKeys = [
  'ownerStep.1',
  'ownerStep.2',
  'ownerStep.3',
  'ownerStep.4',
  'ownerStep.5',
  'ownerStep.6',
] as const;

/** The owner's in-app review steps: as stored in English, written anew in another language. */
function stepsOf(text: EmailText, data: EmailData): readonly string[] {
  if (text.locale === defaultLocale || !data.stepsFor) return data.steps ?? [];
  const values = {
    app: getMessagingApp(data.stepsFor.messagingApp).name,
    device: data.stepsFor.device,
  };
  return ownerStepKeys.map((key) => text.t(key, values));
}

/**
 * The site's pages in the customer's language: the locale's own document (`/es/`), where the
 * hash routes work as at `/`. English keeps today's addresses, with the payment status as its
 * server-rendered document (decision 016).
 */
function linksFor(publicUrl: string, locale: SupportedLocale, data: EmailData) {
  const base = `${publicUrl.replace(/\/+$/, '')}${localeBasePath(locale)}`;
  const caseUrl = pageUrl(base, paths.requestDetail.to(data.requestId));
  // The status token is never stored, so the screen reads the order with the customer's
  // sign-in, and offers a new checkout from there.
  const payLocation = paths.paymentStatus.to({ order: data.reference });
  const payUrl =
    locale === defaultLocale ? documentUrl(publicUrl, payLocation) : pageUrl(base, payLocation);
  return { caseUrl, payUrl };
}

// Stands for the support address while a sentence is escaped for HTML, then becomes its link.
const EMAIL_SLOT = '\uE000';

/**
 * Renders one e-mail as plain text and simple HTML, in the customer's language (the data's
 * locale) and the words of the site `identity`; every customer value is escaped in HTML.
 */
export function renderEmail(
  template: EmailTemplateName,
  data: EmailData,
  publicUrl: string,
  identity: SiteIdentity,
): RenderedEmail {
  if (template === 'reply_due_soon') return renderReplyDueSoon(data, publicUrl, identity);
  const { appName: app, appOwner, supportEmail, brand } = identity;
  const locale = data.locale ?? defaultLocale;
  const text = emailText(locale);
  const copy = templateCopy[template];
  const intro = text.t(`${template}.intro`, { app });
  const actionLabel = text.t(`${template}.action`, { app });
  const label = text.t(`state.${data.state}.label`);
  const next = text.t(`state.${data.state}.next`, { app });
  const wait = usualWait(text, data.state, identity.plans[data.plan]);
  const { caseUrl, payUrl } = linksFor(publicUrl, locale, data);
  const actionUrl = copy.action === 'pay' ? payUrl : caseUrl;
  const messageHeading = copy.messageHeading && text.t(copy.messageHeading);
  const message = messageHeading ? messageOf(text, data, identity) : undefined;
  const steps = stepsOf(text, data);
  const stepsHeading = text.t('steps.heading');
  const subject = `${data.reference}: ${text.t(`${template}.subject`, { app })}`;
  const referenceLabel = text.t('label.reference');
  const statusLabel = text.t('label.status');
  const nextLabel = text.t('label.next');
  const waitLabel = text.t('label.wait');
  const caseLinkLabel = text.t('label.caseLink');
  const fullStop = text.t('fullStop');
  const greeting = text.t('greeting');
  const pledge = text.t('pledge');
  const footer = text.t('footer', { brand, app, owner: appOwner });
  const questions = (email: string) => text.t('questions', { email, reference: data.reference });

  const body = [
    greeting,
    '',
    intro,
    '',
    `${referenceLabel}: ${data.reference}`,
    `${statusLabel}: ${label}`,
    ...(message ? ['', `${messageHeading}:`, message] : []),
    ...(steps.length > 0
      ? ['', stepsHeading, ...steps.map((step, index) => `${index + 1}. ${step}`)]
      : []),
    '',
    `${nextLabel}: ${next}`,
    ...(wait ? [`${waitLabel}: ${wait}${fullStop}`] : []),
    '',
    `${actionLabel}: ${actionUrl}`,
    ...(actionUrl === caseUrl ? [] : [`${caseLinkLabel}: ${caseUrl}`]),
    '',
    pledge,
    questions(supportEmail),
    '',
    footer,
  ].join('\n');

  const direction = localeDirection(locale);
  const paragraph = (content: string) => `<p>${content}</p>`;
  const mailLink = `<a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>`;
  const html = [
    '<!doctype html>',
    // English keeps its document exactly; a right-to-left language says so, or mail clients
    // lay it out left to right.
    `<html lang="${locale}"${direction === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a">',
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(intro)),
    paragraph(
      `<strong>${escapeHtml(referenceLabel)}:</strong> ${escapeHtml(data.reference)}<br><strong>${escapeHtml(statusLabel)}:</strong> ${escapeHtml(label)}`,
    ),
    ...(message && messageHeading
      ? [
          `<p><strong>${escapeHtml(messageHeading)}:</strong></p>`,
          `<blockquote style="white-space: pre-wrap">${escapeHtml(message)}</blockquote>`,
        ]
      : []),
    ...(steps.length > 0
      ? [
          `<p><strong>${escapeHtml(stepsHeading)}</strong></p>`,
          `<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>`,
        ]
      : []),
    paragraph(
      `<strong>${escapeHtml(nextLabel)}:</strong> ${escapeHtml(next)}${wait ? `<br><strong>${escapeHtml(waitLabel)}:</strong> ${escapeHtml(wait)}${escapeHtml(fullStop)}` : ''}`,
    ),
    paragraph(`<a href="${escapeHtml(actionUrl)}">${escapeHtml(actionLabel)}</a>`),
    ...(actionUrl === caseUrl
      ? []
      : [paragraph(`<a href="${escapeHtml(caseUrl)}">${escapeHtml(caseLinkLabel)}</a>`)]),
    paragraph(`<strong>${escapeHtml(pledge)}</strong>`),
    paragraph(escapeHtml(questions(EMAIL_SLOT)).replace(EMAIL_SLOT, mailLink)),
    paragraph(escapeHtml(footer)),
    '</body></html>',
  ].join('\n');

  return { subject, text: body, html };
}

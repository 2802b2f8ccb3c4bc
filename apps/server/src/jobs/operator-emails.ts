import { caseStateInfo } from '@unban/contract/case-states';
import { escapeHtml } from '@unban/contract/escape-html';
import { pageUrl, paths } from '@unban/contract/paths';
import { siteConfig } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import type { EmailData, RenderedEmail } from './email-templates';

/*
 * E-mails to the operators rather than to a customer: plain, with a link to the case in the
 * back office, and nothing of the customer's beyond the reference.
 */

// The team reads the deadline in UTC, said so: the server does not know each reader's zone.
const utcTime = new Intl.DateTimeFormat(siteConfig.locale, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "Case UB-… owes a reply by …": sent once per deadline, before it is missed. */
export function renderReplyDueSoon(
  data: EmailData,
  publicUrl: string,
  identity: Pick<SiteIdentity, 'brand' | 'plans'>,
): RenderedEmail {
  if (!data.dueAt) throw new Error('A reply_due_soon e-mail needs its deadline (dueAt)');
  const due = `${utcTime.format(new Date(data.dueAt))} UTC`;
  const plan = identity.plans[data.plan];
  const caseUrl = pageUrl(publicUrl, paths.adminRequest.to(data.requestId));
  const subject = `${data.reference}: reply due by ${due}`;
  const lines = [
    `Case ${data.reference} (${plan.name} plan, ${caseStateInfo[data.state].label}) owes the customer a reply by ${due}.`,
    `The ${plan.name} plan promises an operator reply ${plan.operatorReplyWithin}; nobody has answered yet.`,
    'Move the case or write to the customer to keep the promise.',
  ];
  const text = [
    ...lines,
    '',
    `Open the case: ${caseUrl}`,
    '',
    `${identity.brand} back office`,
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(caseUrl)}">Open the case</a></p>`,
    `<p>${escapeHtml(`${identity.brand} back office`)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

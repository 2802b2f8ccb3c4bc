import type { SiteIdentity } from '@unban/contract/site-config';
import { paths } from '../config/paths';
import { parsePaymentStatus } from '../features/payment/api/parse-payment-status';
import type { PaymentStatusQuery } from '../features/payment/api/payment-status-query';
import {
  paymentStatusKey,
  readPaymentStatusQuery,
} from '../features/payment/api/payment-status-query';
import { paymentPollDelay } from '../features/payment/payment-poll-schedule';
import type { IntlShape } from 'react-intl';
import { defaultLocale } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { createAppIntl } from '../lib/i18n/app-intl';
import { loadMessages } from '../lib/i18n/catalog';
import { screenTitle } from '../lib/i18n/site-words';
import type { FirstAnswer } from '../lib/resource/first-answers';
import type { StartWhen } from './document';
import { composeDocument } from './document';
import type { PrerenderedPage } from './pages';
import { renderAppHtml } from './render-app';

/**
 * The server's read of one payment's status, as the API would answer the link: the status,
 * the error it gives for an unknown order or a wrong token, or undefined when the browser
 * must read it itself (a link without a token is read with the owner's sign-in, which only
 * the browser has; or the server could not read it now).
 */
export type PaymentStatusReader = (query: PaymentStatusQuery) => Promise<FirstAnswer | undefined>;

/** Its head: the canonical address carries no order and no token. */
export function paymentStatusPage(identity: SiteIdentity, intl: IntlShape): PrerenderedPage {
  return {
    path: paths.paymentStatus.path,
    title: screenTitle(intl, 'pages.paymentStatus.title', identity),
    description: intl.formatMessage(
      { id: 'pages.paymentStatus.description' },
      { brand: identity.brand },
    ),
  };
}

/** Whether the app must start without waiting for use (boot/wake.ts), given the answer. */
function startWhen(query: PaymentStatusQuery | null, answer: FirstAnswer | undefined) {
  if (query === null) return undefined;
  if (answer === undefined) return 'now' satisfies StartWhen;
  if ('error' in answer) return undefined;
  const payment = parsePaymentStatus(answer.data);
  if (!payment) return 'now' satisfies StartWhen;
  // While the state can still change, the page watches it.
  return paymentPollDelay(payment, 0) === null ? undefined : ('watch' satisfies StartWhen);
}

/**
 * `/payment-status?order=…&token=…` (English) or `/es/payment-status?…` (the request's
 * language), rendered per request: the checkout's way back and the e-mails' payment links
 * land here. The screen is rendered with the status the server read
 * (`read`), which the document also carries as JSON for hydration; `search` is the address's
 * query exactly as the browser has it (the app moves it into `/#/payment-status?…` when it
 * starts, and its router must read the same query the server rendered with).
 */
export async function renderPaymentStatusDocument(
  template: string,
  search: string,
  siteUrl: string,
  read: PaymentStatusReader,
  identity: SiteIdentity,
  locale: SupportedLocale = defaultLocale,
): Promise<string> {
  const query = readPaymentStatusQuery(new URLSearchParams(search));
  const answer = query ? await read(query) : undefined;
  const firstAnswers = query && answer ? { [paymentStatusKey(query)]: answer } : {};
  const location = `${paths.paymentStatus.path}${search.startsWith('?') ? search : ''}`;
  const appHtml = await renderAppHtml(location, identity, firstAnswers, locale);
  const start = startWhen(query, answer);
  // The document's language is the one its address names (`localePagePath`): the app starts
  // in it (boot reads <html lang>) and moves itself to that language's `/es/#/payment-status`.
  const intl = createAppIntl(locale, await loadMessages(locale));
  return composeDocument(
    template,
    paymentStatusPage(identity, intl),
    appHtml,
    siteUrl.replace(/\/+$/, ''),
    identity,
    intl,
    { firstAnswers, locale, ...(start ? { start } : {}) },
  );
}

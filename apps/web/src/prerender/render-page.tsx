import { defaultLocale, supportedLocales } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import type { SiteIdentity } from '@unban/contract/site-config';
import { createAppIntl } from '../lib/i18n/app-intl';
import { loadMessages } from '../lib/i18n/catalog';
import { renderAppHtml } from './render-app';
import type { PrerenderedPage } from './pages';
import { findPrerenderedPage, prerenderedPages } from './pages';
import { composeDocument } from './document';

/**
 * The server-side entry of the web app (built by `vite build --ssr` into dist/server). The
 * server imports it once at start and serves what it returns from memory, so the HTML is
 * rendered where the deployment's configuration is known, by the same components the
 * browser then hydrates.
 */
export { prerenderedPages, supportedLocales };
export type { PrerenderedPage };
export { renderAppHtml };
export { renderPaymentStatusDocument } from './payment-status-document';

/**
 * The full document for one public page, from the served index.html, in `identity`'s words
 * and `locale`'s language (its address: `localePagePath(locale, path)`).
 */
export async function renderDocument(
  template: string,
  path: string,
  siteUrl: string,
  identity: SiteIdentity,
  locale: SupportedLocale = defaultLocale,
): Promise<string> {
  const intl = createAppIntl(locale, await loadMessages(locale));
  const page = findPrerenderedPage(path, identity, intl);
  if (!page) throw new Error(`${path} is not a prerendered page`);
  return composeDocument(
    template,
    page,
    await renderAppHtml(path, identity, {}, locale),
    siteUrl.replace(/\/+$/, ''),
    identity,
    intl,
    { locale },
  );
}

import type { IntlShape } from 'react-intl';
import { siteConfig } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import {
  defaultLocale,
  localeDirection,
  localePagePath,
  supportedLocales,
} from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { localizeIdentity } from '../lib/i18n/site-words';
import type { FirstAnswers } from '../lib/resource/first-answers';
import { FIRST_ANSWERS_ELEMENT_ID } from '../lib/resource/first-answers';
import type { PrerenderedPage } from './pages';
import { homeStructuredData } from './structured-data';

/** The preview image for link shares (`public/og-image.png`, made by scripts/make-icons.mjs). */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON inside a `<script>` element: no `<` can end the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** The public address of a page: `https://site.example/terms`. */
export function pageAddress(siteUrl: string, path: string): string {
  return path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`;
}

/** Open Graph's form of a language tag: `en_US`, `pt_BR`, `es`. */
function openGraphLocale(locale: SupportedLocale): string {
  return (locale === defaultLocale ? siteConfig.locale : locale).replace('-', '_');
}

/**
 * The page's address in every shipped language, and `x-default` (English, at today's
 * addresses) for everyone else, so a search engine shows each reader their own language.
 */
function alternateLinks(siteUrl: string, path: string): string[] {
  const link = (hreflang: string, locale: SupportedLocale) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(pageAddress(siteUrl, localePagePath(locale, path)))}" />`;
  return [
    ...supportedLocales.map((locale) => link(locale, locale)),
    link('x-default', defaultLocale),
  ];
}

/** Everything a crawler or a link preview reads in the head, for one page in `intl`'s language. */
export function renderHeadTags(
  page: PrerenderedPage,
  siteUrl: string,
  identity: SiteIdentity,
  intl: IntlShape,
  locale: SupportedLocale = defaultLocale,
): string {
  const url = pageAddress(siteUrl, localePagePath(locale, page.path));
  const image = `${siteUrl}${OG_IMAGE.path}`;
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...alternateLinks(siteUrl, page.path),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(identity.brand)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(intl.formatMessage({ id: 'pages.ogImageAlt' }, { brand: identity.brand, app: identity.appName }))}" />`,
    `<meta property="og:locale" content="${openGraphLocale(locale)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  if (page.path === '/') {
    tags.push(
      `<script type="application/ld+json">${scriptJson(homeStructuredData(siteUrl, localizeIdentity(identity, intl), intl, locale))}</script>`,
    );
  }
  return tags.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;
const ROOT = /<div id="root">\s*<\/div>/;
const HTML_OPEN = /<html\b([^>]*)>/i;

/**
 * When the app starts, other than at the visitor's first use (boot/wake.ts): `now` when the
 * screen still has to read something itself; `watch` when what it shows may still change
 * (the boot code watches it, and starts the app when it does: boot/watch-status.ts).
 */
export type StartWhen = 'now' | 'watch';

export interface DocumentExtras {
  /** The document's language: `<html lang dir>`, the head's words and alternates. */
  locale?: SupportedLocale;
  /** Answers the screen was rendered with, carried as a JSON block for hydration. */
  firstAnswers?: FirstAnswers;
  start?: StartWhen;
}

/**
 * The served document of one prerendered page: the built index.html (with its runtime
 * configuration already written in) with the page's head and the screen's HTML in #root.
 * `data-page` on <html> tells the boot code and the inline deep-link check which route the
 * HTML shows; `data-start`, when the app starts without waiting for use.
 */
export function composeDocument(
  template: string,
  page: PrerenderedPage,
  appHtml: string,
  siteUrl: string,
  identity: SiteIdentity,
  intl: IntlShape,
  { firstAnswers, start, locale = defaultLocale }: DocumentExtras = {},
): string {
  if (!ROOT.test(template)) throw new Error('index.html has no empty <div id="root"></div>');
  const answersBlock =
    firstAnswers && Object.keys(firstAnswers).length > 0
      ? `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${scriptJson(firstAnswers)}</script>`
      : '';
  const htmlAttributes = `data-page="${escapeHtml(page.path)}"${start ? ` data-start="${start}"` : ''}`;
  const head = renderHeadTags(page, siteUrl, identity, intl, locale);
  const withoutOldHead = template.replace(TITLE, '').replace(DESCRIPTION, '');
  const headEnd = withoutOldHead.search(/<\/head>/i);
  if (headEnd === -1) throw new Error('index.html has no </head>');
  return (withoutOldHead.slice(0, headEnd) + `  ${head}\n  ` + withoutOldHead.slice(headEnd))
    .replace(HTML_OPEN, (_match, attributes: string) => {
      const own = attributes.replace(/\s(lang|dir)="[^"]*"/gi, '');
      const language = `lang="${locale}" dir="${localeDirection(locale)}"`;
      return `<html${own} ${language} ${htmlAttributes}>`;
    })
    .replace(ROOT, () => `<div id="root">${appHtml}</div>${answersBlock}`);
}

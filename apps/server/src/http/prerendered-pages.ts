import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteIdentity } from '@unban/contract/site-config';
import { defaultLocale, localePagePath } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';

/**
 * The web build's server entry (apps/web/src/prerender/render-page.tsx, built into
 * `dist/server/render-page.js`): the same React components as the browser's, rendered here.
 */
export interface WebPrerenderer {
  prerenderedPages: readonly { path: string }[];
  /**
   * The languages the build renders (issue 15); absent in a build from before them, which
   * renders English only.
   */
  supportedLocales?: readonly SupportedLocale[];
  renderDocument(
    template: string,
    path: string,
    siteUrl: string,
    identity: SiteIdentity,
    locale?: SupportedLocale,
  ): Promise<string>;
  /**
   * `/payment-status?…` and `/es/payment-status?…`, per request, in `locale`'s language
   * (apps/web/src/prerender/payment-status-document.ts); English when absent.
   */
  renderPaymentStatusDocument?: (
    template: string,
    search: string,
    siteUrl: string,
    read: PaymentStatusPageReader,
    identity: SiteIdentity,
    locale?: SupportedLocale,
  ) => Promise<string>;
}

/** What the API answers a payment-status link, as the page's document carries it. */
export type StatusPageAnswer =
  { data: unknown } | { error: { status: number; code: string; message: string } };

/** The server's read for the payment-status page; undefined: the browser reads it itself. */
export type PaymentStatusPageReader = (query: {
  order: string;
  token: string | null;
}) => Promise<StatusPageAnswer | undefined>;

export const PRERENDER_ENTRY = path.join('server', 'render-page.js');

function isPrerenderer(value: unknown): value is WebPrerenderer {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<WebPrerenderer>;
  return (
    Array.isArray(candidate.prerenderedPages) && typeof candidate.renderDocument === 'function'
  );
}

/** The prerenderer of the build in `distDir`, or null when the build has none. */
export async function loadPrerenderer(distDir: string): Promise<WebPrerenderer | null> {
  const entry = path.join(distDir, PRERENDER_ENTRY);
  try {
    await access(entry);
  } catch {
    return null;
  }
  const module: unknown = await import(pathToFileURL(entry).href);
  if (!isPrerenderer(module)) {
    throw new Error(`${entry} does not export prerenderedPages and renderDocument`);
  }
  return module;
}

/**
 * Each public page's document in `identity`'s words, rendered once from the served
 * index.html, in every language the build renders, keyed by its address (`/terms`,
 * `/es/terms`, `/pt-br/`): English first, so the sitemap lists it first.
 */
export async function renderPrerenderedPages(
  prerenderer: WebPrerenderer,
  template: string,
  siteUrl: string,
  identity: SiteIdentity,
): Promise<Map<string, string>> {
  const documents = new Map<string, string>();
  const locales = prerenderer.supportedLocales ?? [defaultLocale];
  for (const locale of locales) {
    for (const { path: pagePath } of prerenderer.prerenderedPages) {
      documents.set(
        localePagePath(locale, pagePath),
        locale === defaultLocale
          ? await prerenderer.renderDocument(template, pagePath, siteUrl, identity)
          : await prerenderer.renderDocument(template, pagePath, siteUrl, identity, locale),
      );
    }
  }
  return documents;
}

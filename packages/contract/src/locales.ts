import { z } from 'zod';

/**
 * The languages the site is shipped in (issue 15). English is the default and lives at `/`;
 * every other language has its own document path (`/es/`, `/pt-br/`, ...), so each one is a
 * crawlable page of its own. The tags are BCP 47, as `<html lang>` and Intl want them; the
 * path segment is the tag in lower case, as URLs are usually written.
 */
export const supportedLocales = ['en', 'es', 'pt-BR', 'hi', 'id', 'ar'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

export const defaultLocale: SupportedLocale = 'en';

export const localeSchema = z.enum(supportedLocales);

/** The languages written right to left; the document gets `dir="rtl"`. */
const rightToLeft: ReadonlySet<SupportedLocale> = new Set(['ar']);

export function localeDirection(locale: SupportedLocale): 'ltr' | 'rtl' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr';
}

/** The document path of a locale's pages: `/` for the default, `/pt-br/` for Portuguese. */
export function localeBasePath(locale: SupportedLocale): string {
  return locale === defaultLocale ? '/' : `/${locale.toLowerCase()}/`;
}

/** The locale a path segment names (`pt-br` → `pt-BR`), or undefined for any other text. */
export function localeOfPathSegment(segment: string): SupportedLocale | undefined {
  const lower = segment.toLowerCase();
  return supportedLocales.find(
    (locale) => locale !== defaultLocale && locale.toLowerCase() === lower,
  );
}

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return localeSchema.safeParse(value).success;
}

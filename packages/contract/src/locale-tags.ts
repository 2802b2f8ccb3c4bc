/**
 * The languages the site is shipped in (issue 15), without zod: the browser's first load and
 * the home screen read these (decision 005 keeps zod out of them). `locales.ts` adds the zod
 * schema for the server and re-exports everything here.
 *
 * English is the default and lives at `/`; every other language has its own document path
 * (`/es/`, `/pt-br/`, ...), so each one is a crawlable page of its own. The tags are BCP 47,
 * as `<html lang>` and Intl want them; the path segment is the tag in lower case, as URLs are
 * usually written.
 */
export const supportedLocales = ['en', 'es', 'pt-BR', 'hi', 'id', 'ar'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

export const defaultLocale: SupportedLocale = 'en';

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

/** The shipped locale a tag names exactly, whatever its case (`pt-br` → `pt-BR`), or undefined. */
export function shippedLocaleOf(tag: string): SupportedLocale | undefined {
  const lower = tag.toLowerCase();
  return supportedLocales.find((locale) => locale.toLowerCase() === lower);
}

/** Each locale's name in its own language, for the language switcher. */
export const localeNames: Readonly<Record<SupportedLocale, string>> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  ar: 'العربية',
};

/**
 * The shipped locale an Accept-Language header prefers most, or undefined when it names none
 * of them. `pt-PT` is offered Brazilian Portuguese and `es-MX` Spanish: the same language is
 * closer than English; q=0 means "not this one".
 */
export function preferredLocale(acceptLanguage: string | undefined): SupportedLocale | undefined {
  if (!acceptLanguage) return undefined;
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return {
        range: range.trim().toLowerCase(),
        quality: Number.isNaN(quality) ? 0 : quality,
        index,
      };
    })
    .filter(({ range, quality }) => range !== '' && range !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { range } of ranges) {
    const exact = shippedLocaleOf(range);
    if (exact) return exact;
    const language = range.split('-')[0];
    const sameLanguage = supportedLocales.find(
      (locale) => locale.toLowerCase().split('-')[0] === language,
    );
    if (sameLanguage) return sameLanguage;
  }
  return undefined;
}

/**
 * A page's document address in a locale: `/terms` in Spanish is `/es/terms`, the home page
 * `/es/`; English keeps today's addresses (`/terms`, `/`).
 */
export function localePagePath(locale: SupportedLocale, pagePath: string): string {
  return `${localeBasePath(locale)}${pagePath.replace(/^\/+/, '')}`;
}

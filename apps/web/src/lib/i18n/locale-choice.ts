import { localePagePath, localeBasePath, shippedLocaleOf } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';

/** Where the visitor's own choice of language is kept (the switcher writes it). */
export const LOCALE_CHOICE_KEY = 'unban:locale';
/** Set when the visitor closed the offer of another language, so it is not shown again. */
export const LOCALE_OFFER_DISMISSED_KEY = 'unban:locale-offer-dismissed';

/** The screens that have a prerendered document of their own in every language. */
const documentPages: ReadonlySet<string> = new Set([
  '/',
  '/ban-check',
  '/terms',
  '/privacy',
  '/refunds',
]);

/**
 * The address of the screen at `route` (a hash route with its query, `/request?plan=x`) in
 * `locale`'s document: the screen's own document where it has one (`/es/terms`), else the
 * locale's home document with the route in the hash (`/es/#/request`). The server renders
 * the same for the prerendered screens, so hydration meets identical links.
 */
export function localeScreenHref(locale: SupportedLocale, route: string): string {
  const path = route.split('?')[0] ?? '/';
  if (documentPages.has(route)) return localePagePath(locale, route);
  return `${localeBasePath(locale)}#${path === '' ? '/' : route}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (private modes, policies): the choice is then not remembered.
    return null;
  }
}

export function rememberedLocale(): SupportedLocale | undefined {
  const stored = storage()?.getItem(LOCALE_CHOICE_KEY);
  return stored ? shippedLocaleOf(stored) : undefined;
}

export function rememberLocale(locale: SupportedLocale): void {
  storage()?.setItem(LOCALE_CHOICE_KEY, locale);
}

export function offerDismissed(): boolean {
  return storage()?.getItem(LOCALE_OFFER_DISMISSED_KEY) === '1';
}

export function dismissOffer(): void {
  storage()?.setItem(LOCALE_OFFER_DISMISSED_KEY, '1');
}

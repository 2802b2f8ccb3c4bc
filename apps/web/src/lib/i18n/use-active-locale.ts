import { useIntl } from 'react-intl';
import { defaultLocale, shippedLocaleOf } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';

/**
 * The language the page is shown in, for what depends on it beyond its words: the price and
 * currency offered (planPriceFor) and how money is written. It is the locale the app's
 * IntlProvider speaks, so the prerendered page, its hydration and the running app agree.
 */
export function useActiveLocale(): SupportedLocale {
  return shippedLocaleOf(useIntl().locale) ?? defaultLocale;
}

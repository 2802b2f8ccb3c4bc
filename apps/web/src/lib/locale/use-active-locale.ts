import { useSyncExternalStore } from 'react';
import type { SupportedLocale } from '@unban/contract/locales';
import { defaultLocaleCurrencies } from '@unban/contract/plans';

/*
 * The language the page is shown in, for what depends on it beyond its words: the price and
 * currency offered (planPriceFor) and how money is written. The one place screens ask, so it
 * can follow the app's locale however that is provided. Read from `<html lang>`, which the
 * served document and the language switcher keep on the active locale's tag.
 */

// The shipped locales without loading zod (this runs on the home screen, decision 005): the
// currency table is keyed by every one of them, and the compiler keeps it so.
const defaultLocale: SupportedLocale = 'en';

function shippedLocale(lang: string): SupportedLocale {
  return Object.hasOwn(defaultLocaleCurrencies, lang) ? (lang as SupportedLocale) : defaultLocale;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}

const readDocument = () => shippedLocale(document.documentElement.lang);
// The prerenderer has no document: the default, as the server-rendered page was written in.
const readServer = () => defaultLocale;

export function useActiveLocale(): SupportedLocale {
  return useSyncExternalStore(subscribe, readDocument, readServer);
}

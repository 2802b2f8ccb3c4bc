import { defaultLocale, isSupportedLocale, type SupportedLocale } from '@unban/contract/locales';

/**
 * The locale of the page the visitor is reading: `<html lang>`, which the served document and
 * the language switcher keep on the active locale's tag. What the server stores with an
 * order, so the customer's e-mails and price follow the language they ordered in. Anything
 * that is not a shipped locale (a page without the attribute, a browser translation that
 * rewrote it) counts as the default.
 */
export function documentLocale(doc: Pick<Document, 'documentElement'> = document): SupportedLocale {
  const lang = doc.documentElement.lang;
  return isSupportedLocale(lang) ? lang : defaultLocale;
}

import type { SupportedLocale } from '@unban/contract/locales';

/**
 * A customer's language as operators read it: its own name, so an operator who writes
 * that language recognises it at once, with the tag to be exact ("Español (es)").
 */
export function customerLanguageLabel(locale: SupportedLocale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)} (${locale})`;
}

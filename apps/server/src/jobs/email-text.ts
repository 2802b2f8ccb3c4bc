import { IntlMessageFormat } from 'intl-messageformat';
import type { SupportedLocale } from '@unban/contract/locales';
import { formatPrice } from '@unban/contract/plans';
import { ar } from './email-messages/ar';
import { en } from './email-messages/en';
import type { EmailCatalog, EmailMessageKey } from './email-messages/en';
import { es } from './email-messages/es';
import { hi } from './email-messages/hi';
import { id } from './email-messages/id';
import { ptBR } from './email-messages/pt-BR';

/** The customer e-mails' words, one catalog per shipped locale. */
export const emailCatalogs: Readonly<Record<SupportedLocale, EmailCatalog>> = {
  en,
  es,
  'pt-BR': ptBR,
  hi,
  id,
  ar,
};

export type EmailValues = Readonly<Record<string, string | number>>;

/** The words of one locale: its messages and its way of writing money. */
export interface EmailText {
  locale: SupportedLocale;
  t(key: EmailMessageKey, values?: EmailValues): string;
  money(amountMinor: number, currency: string): string;
}

// Parsing a message is the costly part; the worker renders the same few hundred again and again.
const compiled = new Map<string, IntlMessageFormat>();

function messageFormat(locale: SupportedLocale, key: EmailMessageKey): IntlMessageFormat {
  const cacheKey = `${locale}\u0000${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(emailCatalogs[locale][key], locale);
    compiled.set(cacheKey, format);
  }
  return format;
}

export function emailText(locale: SupportedLocale): EmailText {
  return {
    locale,
    t(key, values) {
      const formatted = messageFormat(locale, key).format(values);
      // Only rich-text tags make an array, and the catalogs use none.
      if (typeof formatted !== 'string') {
        throw new Error(`E-mail message ${key} (${locale}) did not format to text`);
      }
      return formatted;
    },
    money: (amountMinor, currency) => formatPrice({ amountMinor, currency }, locale),
  };
}

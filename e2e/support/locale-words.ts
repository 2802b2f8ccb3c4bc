import { IntlMessageFormat } from 'intl-messageformat';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import ar from '../../apps/web/src/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/locales/en.json' with { type: 'json' };
import es from '../../apps/web/src/locales/es.json' with { type: 'json' };
import hi from '../../apps/web/src/locales/hi.json' with { type: 'json' };
import id from '../../apps/web/src/locales/id.json' with { type: 'json' };
import ptBR from '../../apps/web/src/locales/pt-BR.json' with { type: 'json' };

/*
 * The site's words in each language, read from the web app's own catalogs, so a spec finds
 * a Spanish or Arabic screen's headings, labels and buttons by the words the customer reads
 * there, and follows the catalogs when a translation is reworded.
 */

export type WebMessageId = keyof typeof en;

const catalogs: Readonly<Record<SupportedLocale, Readonly<Record<WebMessageId, string>>>> = {
  en,
  es,
  'pt-BR': ptBR,
  hi,
  id,
  ar,
};

/** The values the site fills into its messages everywhere (the default site identity's). */
const siteValues = {
  app: defaultSiteIdentity.appName,
  owner: defaultSiteIdentity.appOwner,
  brand: defaultSiteIdentity.brand,
};

/** Rich-text tags (`<link>…</link>`) become links or bold; their words are what one reads. */
const RICH_TEXT_TAG = /<\/?[a-z]+>/gi;

/**
 * `id` in `locale` as the screen shows it: its placeholders filled (the site's names, then
 * `values`) and its rich-text tags dropped, e.g. "Acepto los términos y la política de
 * reembolso".
 */
export function webText(
  locale: SupportedLocale,
  id: WebMessageId,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const message = catalogs[locale][id].replace(RICH_TEXT_TAG, '');
  const formatted = new IntlMessageFormat(message, locale).format({ ...siteValues, ...values });
  if (typeof formatted !== 'string') throw new Error(`${id} (${locale}) did not format to text`);
  return formatted;
}

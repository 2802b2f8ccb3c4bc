import type { CountryCode } from '@unban/contract/phone';
import { countryCallingCodes, isCountryCode } from '@unban/contract/phone';
import { siteConfig } from '@unban/contract/site-config';

export interface CountryOption {
  country: CountryCode;
  /** "Germany (+49)" */
  label: string;
}

const FALLBACK_COUNTRY: CountryCode = 'US';

const cached = new Map<string, readonly CountryOption[]>();

/**
 * Every country with a calling code, named in `language` and sorted by name, so a
 * customer finds their country the way they would say it. Built once: ~245 names through Intl.
 */
export function countryOptions(language: string = siteConfig.locale): readonly CountryOption[] {
  const known = cached.get(language);
  if (known) return known;
  // English keeps the site's en-US names; another language names and sorts in its own way.
  const locale = language === 'en' ? siteConfig.locale : language;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const options = countryCallingCodes()
    .map(({ country, callingCode }) => ({
      country,
      name: names.of(country) ?? country,
      callingCode,
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ country, name, callingCode }) => ({ country, label: `${name} (+${callingCode})` }));
  cached.set(language, options);
  return options;
}

/**
 * The country to preselect: the region of the browser's first language that has one
 * ("pt-BR" → BR; plain "de" → DE through the likely-region data), else the US.
 */
export function defaultCountry(languages: readonly string[]): CountryCode {
  for (const language of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(language).maximize().region;
    } catch {
      // Browsers can report tags Intl rejects; try the next language.
      continue;
    }
    if (region && isCountryCode(region)) return region;
  }
  return FALLBACK_COUNTRY;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

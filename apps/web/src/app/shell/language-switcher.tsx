import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { localeNames, supportedLocales } from '@unban/contract/locale-tags';
import { localeScreenHref, rememberLocale } from '../../lib/i18n/locale-choice';

/**
 * The languages of the site, as plain links to the same screen in each language's document
 * (`/es/#/request`), each in its own language (`lang`). Plain links work before the app has
 * started; a click also remembers the choice, which then wins over the browser's languages.
 */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const route = `${pathname}${search}`;
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'shell.language' })}
      className="site-footer__nav language-switcher"
    >
      {supportedLocales.map((locale) => (
        <a
          key={locale}
          href={localeScreenHref(locale, route)}
          lang={locale}
          hrefLang={locale}
          aria-current={locale === intl.locale ? 'true' : undefined}
          onClick={() => rememberLocale(locale)}
        >
          {localeNames[locale]}
        </a>
      ))}
    </nav>
  );
}

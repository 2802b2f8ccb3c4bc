import type { ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { createAppIntl } from '../lib/i18n/app-intl';
import type { Messages } from '../lib/i18n/catalog';
import { AppIntlProvider } from '../lib/i18n/intl-provider';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import hi from '../locales/hi.json';
import id from '../locales/id.json';
import ptBR from '../locales/pt-BR.json';

// Every shipped catalog, read at once: a test picks its language without the app's loader.
const catalogs: Record<SupportedLocale, Messages> = { en, es, 'pt-BR': ptBR, hi, id, ar };

/**
 * A shipped locale's catalog around a component under test, as the app gives it on that
 * language's page. It sits inside the English provider vitest.setup.ts adds to every render,
 * and overrides it.
 */
export function LocaleIntl({ locale, children }: { locale: SupportedLocale; children: ReactNode }) {
  return (
    <AppIntlProvider locale={locale} messages={catalogs[locale]}>
      {children}
    </AppIntlProvider>
  );
}

/** The same locale outside React, for functions that take an `intl`. */
export function intlIn(locale: SupportedLocale): IntlShape {
  return createAppIntl(locale, catalogs[locale]);
}

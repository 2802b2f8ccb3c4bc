import type { ReactNode } from 'react';
import { AppIntlProvider } from '../lib/i18n/intl-provider';
import english from '../locales/en.json';
import { createAppIntl } from '../lib/i18n/app-intl';

/**
 * The app's English messages around a component under test, as the app root gives them
 * (vitest.setup.ts adds it to every `render`), so component tests read the English texts.
 */
export function EnglishIntl({ children }: { children: ReactNode }) {
  return (
    <AppIntlProvider locale="en" messages={english}>
      {children}
    </AppIntlProvider>
  );
}

/** The same English messages outside React, for functions that take an `intl`. */
export const englishIntl = createAppIntl('en', english);

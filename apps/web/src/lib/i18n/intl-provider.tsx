import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { defaultLocale } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import type { Messages } from './catalog';

/**
 * The active locale's messages for every screen. Dates and numbers formatted through
 * `useIntl()` follow the same locale. The catalog test keeps every shipped locale complete,
 * so a missing message is a bug caught before here, and react-intl's own report of one stays
 * on (it is a console error, which the component tests fail on).
 */
export function AppIntlProvider({
  locale,
  messages,
  children,
}: {
  locale: SupportedLocale;
  messages: Messages;
  children: ReactNode;
}) {
  return (
    <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}

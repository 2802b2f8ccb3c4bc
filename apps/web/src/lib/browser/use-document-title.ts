import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/catalog';
import { screenTitle, siteTitle } from '../i18n/site-words';
import { useSiteIdentity } from '../site-identity/site-identity';

/** Sets the tab title while the screen is shown; each screen sets its own on arrival. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sets the tab title to the screen's name (a catalog message) followed by the site's title. */
export function useScreenTitle(screen: MessageId): void {
  useDocumentTitle(screenTitle(useIntl(), screen, useSiteIdentity()));
}

/** The same for the back office, whose screen names stay English (issue 15, point 5). */
export function useEnglishScreenTitle(screen: string): void {
  const intl = useIntl();
  useDocumentTitle(`${screen} · ${siteTitle(intl, useSiteIdentity())}`);
}

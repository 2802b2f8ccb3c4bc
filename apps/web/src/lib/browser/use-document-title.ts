import { useEffect } from 'react';
import { pageTitle } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { useSiteIdentity } from '../site-identity/site-identity';

/** "Payment status · Unban your WhatsApp": the screen first, so tabs stay tellable apart. */
export function screenTitle(screen: string, identity: Pick<SiteIdentity, 'appName'>): string {
  return `${screen} · ${pageTitle(identity)}`;
}

/** Sets the tab title while the screen is shown; each screen sets its own on arrival. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sets the tab title to `screen` followed by the site's title. */
export function useScreenTitle(screen: string): void {
  useDocumentTitle(screenTitle(screen, useSiteIdentity()));
}

import { createContext, useContext, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { localizeIdentity } from '../i18n/site-words';

/*
 * What the site says about itself (brand, app, claims, plans), given to every screen. The
 * server renders the prerendered pages with its configured identity and writes the same one
 * into the document, which the browser reads as it starts (site-identity-block.ts), so the
 * hydrating render matches the HTML. docs/decisions/023.
 */
const SiteIdentityContext = createContext<SiteIdentity>(defaultSiteIdentity);

export function SiteIdentityProvider({
  identity,
  children,
}: {
  identity: SiteIdentity;
  children: ReactNode;
}) {
  return <SiteIdentityContext value={identity}>{children}</SiteIdentityContext>;
}

/** The identity in the active language (its default texts translated: lib/i18n/site-words). */
export function useSiteIdentity(): SiteIdentity {
  const identity = useContext(SiteIdentityContext);
  const intl = useIntl();
  return useMemo(() => localizeIdentity(identity, intl), [identity, intl]);
}

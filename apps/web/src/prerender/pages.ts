import { defaultSiteIdentity, metaDescription, pageTitle } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { paths } from '../config/paths';
import { screenTitle } from '../lib/browser/use-document-title';

/** A public content screen that the server serves as its own prerendered document. */
export interface PrerenderedPage {
  /** The document's address, which is also the screen's hash route (`/terms` ↔ `#/terms`). */
  path: string;
  title: string;
  description: string;
}

/**
 * The public content screens of a site identity, in sitemap order. Each one's route must
 * render without data (no loader, nothing read from the network), because it is rendered
 * once at server start.
 */
export function prerenderedPagesFor(identity: SiteIdentity): readonly PrerenderedPage[] {
  const { brand, appName } = identity;
  return [
    { path: paths.home.path, title: pageTitle(identity), description: metaDescription(identity) },
    {
      path: paths.banCheck.path,
      title: screenTitle('Free ban check', identity),
      description: `Banned on ${appName}? Find out in a minute whether it is a temporary or permanent ban, what you can do yourself for free, and when paying for help makes sense. No sign-in, no payment.`,
    },
    {
      path: paths.terms.path,
      title: screenTitle('Terms of service', identity),
      description: `The terms that apply when you ask ${brand} to appeal a banned ${appName} number: what we do, what you agree to, price, guarantee and liability.`,
    },
    {
      path: paths.privacy.path,
      title: screenTitle('Privacy policy', identity),
      description: `What ${brand} stores to appeal a ban and run the service, why, who else sees it, how long we keep it and your rights.`,
    },
    {
      path: paths.refunds.path,
      title: screenTitle('Refund policy', identity),
      description: `${identity.claims.refund} When a refund is due, how long it takes and how it is paid.`,
    },
  ];
}

/** The pages as the default identity words them; their paths are every identity's. */
export const prerenderedPages: readonly PrerenderedPage[] =
  prerenderedPagesFor(defaultSiteIdentity);

export function findPrerenderedPage(
  path: string,
  identity: SiteIdentity,
): PrerenderedPage | undefined {
  return prerenderedPagesFor(identity).find((page) => page.path === path);
}

import { DEFAULT_LOCALE } from './locale';
import { defaultLocaleCurrencies, defaultPlans, type LocaleCurrencies, type Plans } from './plans';

/**
 * Platform settings both sides read that are the same for every site identity. What the site
 * says about itself (brand, app, claims, plans) is the `SiteIdentity` below, configured per
 * deployment. Nothing here imports zod: the home screen reads these modules.
 */
export const siteConfig = {
  locale: DEFAULT_LOCALE,
  chat: {
    /** Used when a site id and widget id are configured but no host is. */
    defaultHost: 'https://embed.tawk.to',
  },
} as const;

/** The four public claims of the meta description, in the order the spec lists them. */
export interface SiteClaims {
  speed: string;
  successRate: string;
  duration: string;
  refund: string;
}

/** Who runs the service, as the legal pages name it. */
export interface LegalEntity {
  name: string;
  /** Postal address, one line. */
  address: string;
}

/**
 * What the site says about itself: validated by the server at start (site-identity.ts), and
 * handed to the browser in the served document (docs/decisions/023). Public by nature.
 */
export interface SiteIdentity {
  brand: string;
  /** The messaging app the site is about; the page title is "Unban your {appName}". */
  appName: string;
  /** Who owns the app, for "not affiliated with {appName} or {appOwner}". */
  appOwner: string;
  supportEmail: string;
  /** null: the legal pages name the brand only. */
  legalEntity: LegalEntity | null;
  claims: SiteClaims;
  plans: Plans;
  /** The currency offered to the readers of each language (`planPriceFor`). */
  localeCurrencies: LocaleCurrencies;
}

const defaultAppName = 'WhatsApp';

export const defaultClaims: SiteClaims = {
  speed: 'We work as fast as possible.',
  successRate: '100% success rate.',
  duration:
    'The process takes from a few hours to a few weeks, depending on how serious the breach of the terms of service was.',
  refund: 'If your number cannot be unbanned, you get a full refund.',
};

/** Today's site: what a deployment without a site configuration serves. */
export const defaultSiteIdentity: SiteIdentity = {
  brand: 'Unban Desk',
  appName: defaultAppName,
  appOwner: 'Meta',
  supportEmail: 'support@unbandesk.example',
  legalEntity: null,
  claims: defaultClaims,
  plans: defaultPlans(defaultAppName),
  localeCurrencies: defaultLocaleCurrencies,
};

export function pageTitle(identity: Pick<SiteIdentity, 'appName'>): string {
  return `Unban your ${identity.appName}`;
}

export function metaDescription(identity: Pick<SiteIdentity, 'appName' | 'claims'>): string {
  const { speed, successRate, duration, refund } = identity.claims;
  return `Banned on ${identity.appName}? We get your number unbanned through the official review channels. ${speed} ${successRate} ${duration} ${refund}`;
}

/** The element of the served document that carries the identity (written by the server). */
export const SITE_IDENTITY_ELEMENT_ID = 'site-identity';

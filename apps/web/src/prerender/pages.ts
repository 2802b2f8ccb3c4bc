import type { IntlShape } from 'react-intl';
import type { SiteIdentity } from '@unban/contract/site-config';
import { paths } from '../config/paths';
import type { MessageId } from '../lib/i18n/catalog';
import { localizeIdentity, screenTitle, siteDescription, siteTitle } from '../lib/i18n/site-words';

/** A public content screen that the server serves as its own prerendered document. */
export interface PrerenderedPage {
  /** The screen's hash route, and its document's address in English (`/terms` ↔ `#/terms`). */
  path: string;
  title: string;
  description: string;
}

/** The screens with a document of their own, in sitemap order, and their words. */
const pageWords: readonly { path: string; screen?: MessageId; description?: MessageId }[] = [
  { path: paths.home.path },
  {
    path: paths.banCheck.path,
    screen: 'pages.banCheck.title',
    description: 'pages.banCheck.description',
  },
  { path: paths.terms.path, screen: 'pages.terms.title', description: 'pages.terms.description' },
  {
    path: paths.privacy.path,
    screen: 'pages.privacy.title',
    description: 'pages.privacy.description',
  },
  {
    path: paths.refunds.path,
    screen: 'pages.refunds.title',
    description: 'pages.refunds.description',
  },
];

/**
 * The public content screens of a site identity, in `intl`'s language. Each one's route must
 * render without data (no loader, nothing read from the network), because it is rendered
 * once at server start.
 */
export function prerenderedPagesFor(
  identity: SiteIdentity,
  intl: IntlShape,
): readonly PrerenderedPage[] {
  const local = localizeIdentity(identity, intl);
  const values = { app: identity.appName, brand: identity.brand, refund: local.claims.refund };
  return pageWords.map(({ path, screen, description }) =>
    screen && description
      ? {
          path,
          title: screenTitle(intl, screen, identity),
          description: intl.formatMessage({ id: description }, values),
        }
      : { path, title: siteTitle(intl, identity), description: siteDescription(intl, identity) },
  );
}

/** The addresses of the pages, the same for every identity and language. */
export const prerenderedPages: readonly { path: string }[] = pageWords.map(({ path }) => ({
  path,
}));

export function findPrerenderedPage(
  path: string,
  identity: SiteIdentity,
  intl: IntlShape,
): PrerenderedPage | undefined {
  return prerenderedPagesFor(identity, intl).find((page) => page.path === path);
}

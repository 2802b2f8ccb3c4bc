import { renderAppHtml } from './render-app';
import type { PrerenderedPage } from './pages';
import { findPrerenderedPage, prerenderedPages } from './pages';
import { composeDocument } from './document';
import type { SiteIdentity } from '@unban/contract/site-config';

/**
 * The server-side entry of the web app (built by `vite build --ssr` into dist/server). The
 * server imports it once at start and serves what it returns from memory, so the HTML is
 * rendered where the deployment's configuration is known, by the same components the
 * browser then hydrates.
 */
export { prerenderedPages };
export type { PrerenderedPage };
export { renderAppHtml };
export { renderPaymentStatusDocument } from './payment-status-document';

/** The full document for one public page, from the served index.html, in `identity`'s words. */
export async function renderDocument(
  template: string,
  path: string,
  siteUrl: string,
  identity: SiteIdentity,
): Promise<string> {
  const page = findPrerenderedPage(path, identity);
  if (!page) throw new Error(`${path} is not a prerendered page`);
  return composeDocument(
    template,
    page,
    await renderAppHtml(path, identity),
    siteUrl.replace(/\/+$/, ''),
    identity,
  );
}

import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router';
import { UNSAFE_createMemoryHistory, UNSAFE_createRouter, createPath } from 'react-router';
import { App } from '../app/app';
import { loadMatchedRouteModules } from '../app/route-modules';
import { routes } from '../app/router';
import type { PrerenderedPage } from './pages';
import { findPrerenderedPage, prerenderedPages } from './pages';
import { composeDocument } from './document';

/**
 * The server-side entry of the web app (built by `vite build --ssr` into dist/server). The
 * server imports it once at start and serves what it returns from memory, so the HTML is
 * rendered where the deployment's configuration is known, by the same components the
 * browser then hydrates.
 */
export { prerenderedPages };
export type { PrerenderedPage };

/**
 * A router fixed at `path` whose links are written the way the browser's hash router writes
 * them (`#/request`), so the prerendered hrefs are the ones hydration expects.
 */
function hashLinkRouter(appRoutes: RouteObject[], path: string) {
  const memory = UNSAFE_createMemoryHistory({ initialEntries: [path] });
  const history = {
    ...memory,
    createHref: (to: Parameters<typeof memory.createHref>[0]) =>
      `#${typeof to === 'string' ? to : createPath(to)}`,
  };
  return UNSAFE_createRouter({ routes: appRoutes, history });
}

/** The screen at `path` inside the app's shell, as HTML for #root. */
export async function renderAppHtml(path: string): Promise<string> {
  await loadMatchedRouteModules(routes, path);
  const router = hashLinkRouter(routes, path);
  if (!router.state.initialized) throw new Error(`The route for ${path} needs data to render`);
  try {
    return renderToString(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  } finally {
    router.dispose();
  }
}

/** The full document for one public page, from the served index.html. */
export async function renderDocument(
  template: string,
  path: string,
  siteUrl: string,
): Promise<string> {
  const page = findPrerenderedPage(path);
  if (!page) throw new Error(`${path} is not a prerendered page`);
  return composeDocument(template, page, await renderAppHtml(path), siteUrl.replace(/\/+$/, ''));
}

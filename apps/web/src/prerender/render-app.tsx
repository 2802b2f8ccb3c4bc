import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router';
import { UNSAFE_createMemoryHistory, UNSAFE_createRouter, createPath } from 'react-router';
import { App } from '../app/app';
import { loadMatchedRouteModules } from '../app/route-modules';
import { routes } from '../app/router';
import type { FirstAnswers } from '../lib/resource/first-answers';
import { FirstAnswersProvider } from '../lib/resource/first-answers';
import { SiteIdentityProvider } from '../lib/site-identity/site-identity';
import type { SiteIdentity } from '@unban/contract/site-config';
import { defaultLocale } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { loadMessages } from '../lib/i18n/catalog';
import { AppIntlProvider } from '../lib/i18n/intl-provider';

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

/**
 * The screen at `location` (a path, with a query for a screen that reads one) inside the
 * app's shell, as HTML for #root, in the words of the site `identity` and in `locale`'s
 * language, rendered with `firstAnswers` as its resources' first answers.
 */
export async function renderAppHtml(
  location: string,
  identity: SiteIdentity,
  firstAnswers: FirstAnswers = {},
  locale: SupportedLocale = defaultLocale,
): Promise<string> {
  const [messages] = await Promise.all([
    loadMessages(locale),
    loadMatchedRouteModules(routes, location),
  ]);
  const router = hashLinkRouter(routes, location);
  if (!router.state.initialized) throw new Error(`The route for ${location} needs data to render`);
  try {
    return renderToString(
      <StrictMode>
        <AppIntlProvider locale={locale} messages={messages}>
          <SiteIdentityProvider identity={identity}>
            <FirstAnswersProvider answers={new Map(Object.entries(firstAnswers))}>
              <App router={router} />
            </FirstAnswersProvider>
          </SiteIdentityProvider>
        </AppIntlProvider>
      </StrictMode>,
    );
  } finally {
    router.dispose();
  }
}

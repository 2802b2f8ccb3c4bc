import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { App } from '../app/app';
import { loadMatchedRouteModules } from '../app/route-modules';
import { createAppRouter, routes } from '../app/router';
import { trackRouteLoading } from '../app/route-loading';
import { FirstAnswersProvider, readFirstAnswers } from '../lib/resource/first-answers';
import { readSiteIdentity } from '../lib/site-identity/site-identity-block';
import { SiteIdentityProvider } from '../lib/site-identity/site-identity';
import { loadMessages } from '../lib/i18n/catalog';
import { documentLocale } from '../lib/i18n/document-locale';
import { AppIntlProvider } from '../lib/i18n/intl-provider';
import { DEEP_LINK_CLASS } from './deep-link';
import { holdAddressChanges } from './held-address-changes';

export interface StartOptions {
  container: HTMLElement;
  /**
   * The route whose prerendered HTML is in `container`, when the location still shows it:
   * then the app hydrates that HTML. Otherwise (no prerendered HTML, or a deep link) it renders
   * from scratch, through the blocking first navigation.
   */
  hydratePath: string | null;
  /** The route the address asks for now (it may change while the app downloads). */
  currentRoute: () => string;
}

/** Calls `onCommitted` once React has put the app on the page (hydrated or rendered). */
function Committed({ onCommitted, children }: { onCommitted: () => void; children: ReactNode }) {
  // Before paint: the deep-link placeholder (CSS on <html>) goes in the same frame as React's
  // own shell and loading indicator arrive.
  useLayoutEffect(() => {
    document.documentElement.classList.remove(DEEP_LINK_CLASS);
  }, []);
  useEffect(() => onCommitted(), [onCommitted]);
  return children;
}

/**
 * Starts the single-page app. Resolves, with its React root, once it is on the page and
 * handling events.
 * Hydration runs in a transition, so React yields to the browser every few milliseconds
 * instead of blocking the main thread for the whole tree; a fresh render does not (below).
 */
export async function startApp({
  container,
  hydratePath,
  currentRoute,
}: StartOptions): Promise<Root> {
  // The document's language, the one its HTML was rendered in; its catalog alone is fetched,
  // beside the screen's module.
  const locale = documentLocale(document);
  const messagesLoaded = loadMessages(locale);
  if (hydratePath !== null) {
    // The screen's module must be there before the first render, or that render would be the
    // HydrateFallback and not match the HTML.
    await loadMatchedRouteModules(routes, hydratePath);
  }
  const messages = await messagesLoaded;
  // The visitor may have moved on (a hash change) while the modules arrived: then the HTML no
  // longer shows the route, and the app renders afresh through its first navigation.
  const hydrate = hydratePath !== null && currentRoute() === hydratePath;
  // Until the hydrated app is on the page, the router must go on showing what the HTML shows.
  const releaseAddressChanges = hydrate ? holdAddressChanges() : undefined;
  const router = createAppRouter({ hydrating: hydrate });
  // What the server rendered a screen with (the payment status), its first answer here too.
  const firstAnswers = readFirstAnswers(document);
  // The identity the server rendered the HTML with, so hydration says the same.
  const identity = readSiteIdentity(document);
  // Subscribed before the first render, so the first navigation already shows the indicator.
  trackRouteLoading(router);

  let root: Root | undefined;
  await new Promise<void>((resolve) => {
    const app = (
      <StrictMode>
        <Committed onCommitted={resolve}>
          <AppIntlProvider locale={locale} messages={messages}>
            <SiteIdentityProvider identity={identity}>
              <FirstAnswersProvider answers={firstAnswers}>
                <App router={router} />
              </FirstAnswersProvider>
            </SiteIdentityProvider>
          </AppIntlProvider>
        </Committed>
      </StrictMode>
    );
    if (hydrate) {
      startTransition(() => {
        root = hydrateRoot(container, app);
      });
    } else {
      // Not in a transition: a transition render may yield between RouterProvider reading
      // router.state and subscribing to it (a layout effect), and a lazy route that finishes
      // loading in that gap is missed: the screen stayed empty on about one deep link in
      // three. A default-priority render commits in one task, so nothing slips in between.
      // (Hydration is safe: its route modules are loaded first, the router starts initialized.)
      root = createRoot(container);
      root.render(app);
    }
  });
  if (!root) throw new Error('React did not create a root');
  releaseAddressChanges?.();
  return root;
}

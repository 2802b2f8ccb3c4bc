import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useClientRendered } from '../use-client-rendered';
import { ShellLayout } from './shell-layout';

const DeferredShell = lazy(() => import('./deferred-shell'));

/** The root route: the shell with the current screen in it. */
export function AppShell() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  const clientRendered = useClientRendered();

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    // After a client-side navigation, screen-reader and keyboard users start at the new screen
    // instead of wherever the link they used was.
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <ShellLayout mainRef={mainRef}>
        <Outlet />
      </ShellLayout>
      <ScrollRestoration />
      {/* Browser-only (consent, analytics): after hydration, never in the prerendered HTML. */}
      {clientRendered ? (
        <Suspense fallback={null}>
          <DeferredShell />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Rendered in place of the root route until the first screen's chunk has arrived: the frame
 * without any routed content (the first navigation blocks), under the loading indicator.
 */
export function ShellPlaceholder() {
  return <ShellLayout />;
}

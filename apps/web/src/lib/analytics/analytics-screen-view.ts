import { useEffect, useRef } from 'react';
import type { Location, UIMatch } from 'react-router';
import { useLocation, useMatches } from 'react-router';
import type { ScreenView } from './analytics-params';
import { trackScreenView } from './analytics';

/**
 * What a route declares about itself for analytics, in its `handle`:
 * `{ screenName: 'PaymentStatus', screenClass: 'PaymentStatusScreen' }`.
 */
export interface ScreenHandle {
  screenName?: string;
  screenClass?: string;
}

function screenHandle(match: UIMatch): ScreenHandle | null {
  const handle: unknown = match.handle;
  if (typeof handle !== 'object' || handle === null) return null;
  const { screenName, screenClass } = handle as Record<string, unknown>;
  if (typeof screenName !== 'string') return null;
  return { screenName, screenClass: typeof screenClass === 'string' ? screenClass : undefined };
}

/** The screen_view of a location: the deepest route that names its screen wins. */
export function screenViewFor(pathname: string, matches: readonly UIMatch[]): ScreenView {
  const named = [...matches]
    .reverse()
    .map(screenHandle)
    .find((handle) => handle !== null);
  return {
    screen_name: named?.screenName ?? pathname,
    screen_class: named?.screenClass ?? 'Screen',
    // The path inside the hash only: query strings carry order tokens.
    page_path: pathname,
    outlet: 'primary',
  };
}

/**
 * Sends screen_view on every navigation, the first one included. Call it in a component
 * rendered by the router's root route. A navigation is a new location object, so following a
 * link to the same screen counts again, but a re-render does not.
 *
 * Not the location key: the hash router gives every entry it did not push itself (a plain
 * `<a href="#/…">`, an address typed in the address bar, the first page load) the same key,
 * 'default', so those navigations would all look like one.
 */
export function useScreenViewTracking(): void {
  const location = useLocation();
  const matches = useMatches();
  const lastLocation = useRef<Location | null>(null);

  useEffect(() => {
    if (lastLocation.current === location) return;
    lastLocation.current = location;
    trackScreenView(screenViewFor(location.pathname, matches));
  }, [location, matches]);
}

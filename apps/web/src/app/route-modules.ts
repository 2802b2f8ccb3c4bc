import type { RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';

/**
 * Loads the lazy modules of the routes matching `pathname` and writes them into the route
 * objects, so a router created afterwards is initialized at once and renders the screen in
 * its first render. Prerendering needs that (renderToString does not wait for lazy routes),
 * and so does hydration: the first client render must be the screen the HTML holds, not the
 * HydrateFallback. This is react-router's documented recipe for lazy routes with SSR.
 */
export async function loadMatchedRouteModules(
  routes: RouteObject[],
  pathname: string,
): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (typeof lazy !== 'function') return;
      const module = await lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

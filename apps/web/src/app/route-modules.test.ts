import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { loadMatchedRouteModules, prefetchMatchedRouteModules } from './route-modules';

function Screen() {
  return null;
}

function routeTree() {
  const terms = vi.fn(() => Promise.resolve({ Component: Screen }));
  const privacy = vi.fn(() => Promise.resolve({ Component: Screen }));
  const routes: RouteObject[] = [
    {
      id: 'root',
      children: [
        { path: 'terms', lazy: terms },
        { path: 'privacy', lazy: privacy },
      ],
    },
  ];
  return { routes, terms, privacy };
}

describe('prefetchMatchedRouteModules', () => {
  it("starts the matched screen's download only, and leaves the routes to the router", () => {
    const { routes, terms, privacy } = routeTree();
    prefetchMatchedRouteModules(routes, '/terms');
    expect(terms).toHaveBeenCalledTimes(1);
    expect(privacy).not.toHaveBeenCalled();
    // The router's own lazy call still happens (and finds the module on its way).
    expect(routes[0]?.children?.[0]?.lazy).toBe(terms);
    expect(routes[0]?.children?.[0]?.Component).toBeUndefined();
  });

  it('leaves a failed download to the router, without an unhandled rejection', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      prefetchMatchedRouteModules([{ path: 'terms', lazy: failing }], '/terms');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(failing).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('does nothing for an address no route matches', () => {
    const { routes, terms, privacy } = routeTree();
    prefetchMatchedRouteModules(routes, '/nowhere');
    expect(terms).not.toHaveBeenCalled();
    expect(privacy).not.toHaveBeenCalled();
  });
});

describe('loadMatchedRouteModules', () => {
  it('writes the loaded screen into its route, so a router made afterwards renders it at once', async () => {
    const { routes, terms } = routeTree();
    await loadMatchedRouteModules(routes, '/terms');
    expect(terms).toHaveBeenCalledTimes(1);
    expect(routes[0]?.children?.[0]).toMatchObject({ Component: Screen, lazy: undefined });
  });
});

import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { DataRouter } from 'react-router';
import { isLoading } from '../lib/loading/loading-store';
import { trackRouteLoading } from './route-loading';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function settled(router: DataRouter, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (!check()) return;
      unsubscribe();
      resolve();
    });
  });
}

describe('trackRouteLoading', () => {
  it('holds the loading flag during the first navigation and every later one', async () => {
    const first = deferred();
    const second = deferred();
    const router = createMemoryRouter(
      [
        { path: '/', lazy: async () => (await first.promise, { Component: () => null }) },
        { path: '/next', lazy: async () => (await second.promise, { Component: () => null }) },
      ],
      { initialEntries: ['/'] },
    );
    const stop = trackRouteLoading(router);

    expect(isLoading()).toBe(true);
    first.resolve();
    await settled(router, () => router.state.initialized);
    expect(isLoading()).toBe(false);

    const navigation = router.navigate('/next');
    expect(isLoading()).toBe(true);
    second.resolve();
    await navigation;
    expect(router.state.location.pathname).toBe('/next');
    expect(isLoading()).toBe(false);

    stop();
    router.dispose();
  });

  it('releases the flag when it stops watching a busy router', () => {
    const router = createMemoryRouter([{ path: '/', lazy: () => new Promise(() => {}) }]);
    const stop = trackRouteLoading(router);
    expect(isLoading()).toBe(true);
    stop();
    expect(isLoading()).toBe(false);
    router.dispose();
  });
});

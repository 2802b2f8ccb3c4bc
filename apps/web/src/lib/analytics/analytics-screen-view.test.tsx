import type { ClientConfig } from '@unban/contract/client-config';
import {
  removeClientConfig,
  testFirebaseConfig,
  writeClientConfig,
} from '../../test/client-config-page';
import { StrictMode } from 'react';
import { act, render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { createHashRouter, createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The hosted analytics SDK is the edge; the router, the hook and the choke point are real.
const sdk = vi.hoisted(() => ({
  isSupported: vi.fn(async () => true),
  setConsent: vi.fn(),
  initializeAnalytics: vi.fn(() => ({})),
  logEvent: vi.fn(),
  setUserId: vi.fn(),
}));
vi.mock('firebase/analytics', () => sdk);

const firebase = testFirebaseConfig;

async function openApp(config: Partial<ClientConfig>, history: 'memory' | 'hash' = 'memory') {
  writeClientConfig(config);
  vi.resetModules();
  const { useScreenViewTracking } = await import('./analytics-screen-view');
  function Root() {
    useScreenViewTracking();
    return <Outlet />;
  }
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: Root,
      children: [
        {
          index: true,
          handle: { screenName: 'Home', screenClass: 'HomeScreen' },
          Component: () => <h1>Home</h1>,
        },
        {
          path: 'payment-status',
          handle: { screenName: 'PaymentStatus', screenClass: 'PaymentStatusScreen' },
          Component: () => <h1>Payment</h1>,
        },
        { path: 'unnamed', Component: () => <h1>Unnamed</h1> },
      ],
    },
  ];
  const router =
    history === 'hash'
      ? createHashRouter(routes)
      : createMemoryRouter(routes, { initialEntries: ['/'] });
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { router, view };
}

const screenViews = () =>
  sdk.logEvent.mock.calls
    .filter((call: unknown[]) => call[1] === 'screen_view')
    .map((call: unknown[]) => call[2]);

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

afterEach(() => {
  removeClientConfig();
});

describe('useScreenViewTracking', () => {
  it('sends screen_view for the first screen and every navigation, once each', async () => {
    const { router, view } = await openApp({ firebase, analyticsConsentRequired: false });
    await vi.waitFor(() => expect(screenViews()).toHaveLength(1));
    expect(screenViews()[0]).toEqual({
      screen_name: 'Home',
      screen_class: 'HomeScreen',
      page_path: '/',
      outlet: 'primary',
      firebase_screen: 'Home',
      firebase_screen_class: 'HomeScreen',
    });

    await act(() => router.navigate('/payment-status?order=o-1&token=secret-token'));
    await act(() => router.navigate('/unnamed'));
    await act(() => router.navigate('/payment-status?order=o-1&token=secret-token'));
    view.rerender(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(screenViews()).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(screenViews()).toEqual([
      expect.objectContaining({ screen_name: 'Home' }),
      expect.objectContaining({
        screen_name: 'PaymentStatus',
        screen_class: 'PaymentStatusScreen',
        page_path: '/payment-status',
      }),
      expect.objectContaining({ screen_name: '/unnamed', page_path: '/unnamed' }),
      expect.objectContaining({ screen_name: 'PaymentStatus' }),
    ]);
    expect(JSON.stringify(screenViews())).not.toContain('secret-token');
  });

  it('counts navigations the hash router did not push itself (plain links, the address bar)', async () => {
    window.location.hash = '#/';
    const { view } = await openApp({ firebase, analyticsConsentRequired: false }, 'hash');
    await vi.waitFor(() => expect(screenViews()).toHaveLength(1));

    // Such entries all carry the same location key ('default'), like the first page load.
    for (const hash of ['#/payment-status', '#/unnamed', '#/']) {
      await act(async () => {
        window.location.hash = hash;
        await new Promise((resolve) =>
          window.addEventListener('popstate', resolve, { once: true }),
        );
      });
    }
    await vi.waitFor(() => expect(screenViews()).toHaveLength(4));
    expect(screenViews().map((params) => (params as { page_path: string }).page_path)).toEqual([
      '/',
      '/payment-status',
      '/unnamed',
      '/',
    ]);
    view.unmount();
  });

  it('with consent required and not given, sends nothing', async () => {
    const { router } = await openApp({ firebase, analyticsConsentRequired: true });
    await act(() => router.navigate('/payment-status'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sdk.logEvent).not.toHaveBeenCalled();
  });
});

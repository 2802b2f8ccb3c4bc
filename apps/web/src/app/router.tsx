import type { RouteObject } from 'react-router';
import { createHashRouter } from 'react-router';
import { paths } from '../config/paths';
import { AppShell, ShellPlaceholder } from './shell/app-shell';
import { RouteErrorScreen } from './route-error-screen';

/** Read by the screen-view tracker (analytics screen_name / screen_class). */
interface ScreenHandle {
  screenName: string;
  screenClass: string;
}

/** React Router paths are relative to their parent: '/terms' → 'terms'. */
const child = (path: string) => path.replace(/^\//, '');

/**
 * Every screen is its own chunk, fetched when its route is first visited. Until the first
 * one has arrived the router renders ShellPlaceholder (no routed content) while the loading
 * indicator runs.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    HydrateFallback: ShellPlaceholder,
    children: [
      {
        // Pathless, so a screen that fails to load shows its error inside the shell.
        ErrorBoundary: RouteErrorScreen,
        children: [
          {
            index: true,
            handle: { screenName: 'Home', screenClass: 'HomeScreen' } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/home/home-screen')).HomeScreen,
            }),
          },
          {
            path: child(paths.paymentStatus.path),
            handle: {
              screenName: 'PaymentStatus',
              screenClass: 'PaymentStatusScreen',
            } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/payment/payment-status-screen'))
                .PaymentStatusScreen,
            }),
          },
          {
            path: child(paths.terms.path),
            handle: { screenName: 'Terms', screenClass: 'TermsScreen' } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/legal/terms-screen')).TermsScreen,
            }),
          },
          {
            path: child(paths.privacy.path),
            handle: { screenName: 'Privacy', screenClass: 'PrivacyScreen' } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/legal/privacy-screen')).PrivacyScreen,
            }),
          },
          {
            path: child(paths.refunds.path),
            handle: { screenName: 'Refunds', screenClass: 'RefundsScreen' } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/legal/refunds-screen')).RefundsScreen,
            }),
          },
          {
            path: child(paths.banCheck.path),
            handle: {
              screenName: 'BanCheck',
              screenClass: 'BanCheckScreen',
            } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/ban-check/ban-check-screen')).BanCheckScreen,
            }),
          },
          {
            path: child(paths.results.path),
            handle: { screenName: 'Results', screenClass: 'ResultsScreen' } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/results/results-screen')).ResultsScreen,
            }),
          },
          {
            path: child(paths.request.path),
            handle: {
              screenName: 'NewRequest',
              screenClass: 'RequestScreen',
            } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/request/request-screen')).Component,
            }),
          },
          {
            path: child(paths.requests.path),
            handle: {
              screenName: 'MyRequests',
              screenClass: 'MyRequestsScreen',
            } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/requests/my-requests-screen')).MyRequestsScreen,
            }),
          },
          {
            path: child(paths.requestDetail.path),
            handle: { screenName: 'Case', screenClass: 'CaseScreen' } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/requests/case-screen')).CaseScreen,
            }),
          },
          {
            path: child(paths.signIn.path),
            handle: { screenName: 'SignIn', screenClass: 'SignInScreen' } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/account/sign-in-screen')).SignInScreen,
            }),
          },
          {
            // One entry for the whole back office: its screens are routed inside its chunk.
            path: `${child(paths.admin.path)}/*`,
            handle: { screenName: 'Admin', screenClass: 'AdminApp' } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('../features/admin/admin-app')).AdminApp,
            }),
          },
          {
            path: '*',
            handle: {
              screenName: 'NotFound',
              screenClass: 'NotFoundScreen',
            } satisfies ScreenHandle,
            lazy: async () => ({
              Component: (await import('./not-found-screen')).NotFoundScreen,
            }),
          },
        ],
      },
    ],
  },
];

/**
 * `hydrating`: the page already shows this route's prerendered HTML. Hydration data (empty:
 * the screens have no loaders) tells the router so, and it then leaves the scroll position
 * alone on its first render; without it, ScrollRestoration scrolls to the top, and a visitor
 * who had scrolled down the prerendered page (or was about to click a footer link) was thrown
 * back to the top the moment the app started.
 */
export function createAppRouter({ hydrating = false }: { hydrating?: boolean } = {}) {
  return createHashRouter(routes, hydrating ? { hydrationData: {} } : undefined);
}

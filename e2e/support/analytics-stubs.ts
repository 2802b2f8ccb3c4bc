import type { Page, Route } from '@playwright/test';

/**
 * Google's analytics hosts, answered at the network edge so Firebase Analytics runs its real
 * start-up in the browser without leaving the machine: the gtag.js loader, the installation
 * id, the web config and the collection endpoints. Page routes run before the fixture's
 * context-wide blocker, so only these hosts are let through, and every request to them is
 * recorded: a test that expects analytics to stay off checks that the list stays empty.
 */
export interface AnalyticsNetwork {
  requests: string[];
}

export interface AnalyticsIds {
  measurementId: string;
  appId: string;
  projectId: string;
}

/** Runs instead of gtag.js: it only counts itself, so events stay in window.dataLayer. */
export const GTAG_STUB_SCRIPT = 'window.__gtagStubRuns = (window.__gtagStubRuns || 0) + 1;';

/** A Firebase installation id: 22 characters of base64url starting with c, d, e or f. */
const STUB_FID = 'cStubInstallationId001';

export async function stubGoogleAnalytics(
  page: Page,
  ids: AnalyticsIds,
): Promise<AnalyticsNetwork> {
  const network: AnalyticsNetwork = { requests: [] };
  const record = (route: Route) => network.requests.push(route.request().url());

  await page.route('https://www.googletagmanager.com/**', (route) => {
    record(route);
    if (new URL(route.request().url()).pathname === '/gtag/js') {
      return route.fulfill({ contentType: 'text/javascript', body: GTAG_STUB_SCRIPT });
    }
    return route.fulfill({ status: 204 });
  });

  await page.route('https://firebaseinstallations.googleapis.com/**', (route) => {
    record(route);
    const { pathname } = new URL(route.request().url());
    const authToken = { token: 'stub-installation-auth-token', expiresIn: '604800s' };
    if (pathname.endsWith('/installations')) {
      const sent = route.request().postDataJSON() as { fid?: string } | null;
      const fid = sent?.fid ?? STUB_FID;
      return route.fulfill({
        json: {
          name: `projects/${ids.projectId}/installations/${fid}`,
          fid,
          refreshToken: 'stub-installation-refresh-token',
          authToken,
        },
      });
    }
    // generateAuthToken, should the SDK ask for a fresh token.
    return route.fulfill({ json: authToken });
  });

  await page.route('https://firebase.googleapis.com/**', (route) => {
    record(route);
    return route.fulfill({ json: ids });
  });

  for (const pattern of [
    'https://*.google-analytics.com/**',
    'https://*.analytics.google.com/**',
  ]) {
    await page.route(pattern, (route) => {
      record(route);
      return route.fulfill({ status: 204 });
    });
  }
  return network;
}

/** One gtag() call as Firebase pushes it: ['event', name, params], ['config', id, params] … */
export type DataLayerEntry = unknown[];

declare global {
  interface Window {
    dataLayer?: ArrayLike<unknown>[];
  }
}

/** window.dataLayer as plain arrays (gtag pushes `arguments` objects), or null when absent. */
export async function readDataLayer(page: Page): Promise<DataLayerEntry[] | null> {
  return page.evaluate(() =>
    window.dataLayer ? window.dataLayer.map((entry) => Array.from(entry)) : null,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The parameters of every `name` event, in the order they were sent. */
export function eventsNamed(entries: DataLayerEntry[] | null, name: string) {
  return (entries ?? [])
    .filter(([command, eventName]) => command === 'event' && eventName === name)
    .map(([, , params]) => (isRecord(params) ? params : {}));
}

/** Every analytics user id set on the measurement id, in order (null: cleared at sign-out). */
export function userIdsSet(entries: DataLayerEntry[] | null, measurementId: string) {
  return (entries ?? [])
    .filter(
      ([command, target, params]) =>
        command === 'config' && target === measurementId && isRecord(params) && 'user_id' in params,
    )
    .map(([, , params]) => (isRecord(params) ? params['user_id'] : undefined));
}

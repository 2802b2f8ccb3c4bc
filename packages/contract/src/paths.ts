import type { BanCheckOrderPrefill } from './ban-check';
import { defaultLocale, localePagePath } from './locale-tags';
import type { SupportedLocale } from './locale-tags';

/**
 * Every page of the web app in one place, for both sides: the web app's router and links, and
 * the server's e-mails and checkout return addresses. `path` is the route pattern for the
 * router, `to()` the location for <Link>/navigate, `href()` the same location as a hash URL
 * for plain links (`<a href>`, window.location). `pageUrl()` makes a location absolute for
 * links that leave the site (e-mails, a payment provider's return address).
 *
 * No zod or other runtime dependency here: the web app's first bundle imports this file.
 */
function route<Args extends unknown[]>(path: string, to: (...args: Args) => string) {
  return { path, to, href: (...args: Args) => `#${to(...args)}` };
}

function fixed(path: string) {
  return route(path, () => path);
}

export interface PaymentStatusParams {
  order: string;
  /** Absent when the owner is signed in: the status is then read with their sign-in. */
  token?: string | null;
  /**
   * The customer left the provider's checkout without paying. Stripe keeps such a session
   * open until it times out; the screen then offers a new checkout at once.
   */
  canceled?: boolean;
}

/**
 * What the order form starts from, as query parameters: the free ban check's answers in the
 * form's own terms (`BanCheckOrderPrefill`), so nothing is asked twice. The form checks each
 * value and ignores one it does not know.
 */
export type RequestPrefill = Readonly<Partial<Record<keyof BanCheckOrderPrefill, string>>>;

export const paths = {
  home: fixed('/'),
  request: route('/request', (prefill?: RequestPrefill | null) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(prefill ?? {})) if (value) query.set(name, value);
    return query.size > 0 ? `/request?${query.toString()}` : '/request';
  }),
  /** The free ban check: a questionnaire that says what kind of ban it is and what to do. */
  banCheck: fixed('/ban-check'),
  /** The outcome figures, computed from the case records (GET /api/results). */
  results: fixed('/results'),
  paymentStatus: route('/payment-status', ({ order, token, canceled }: PaymentStatusParams) => {
    const query = new URLSearchParams({ order });
    if (token) query.set('token', token);
    if (canceled) query.set('canceled', '1');
    return `/payment-status?${query.toString()}`;
  }),
  requests: fixed('/requests'),
  requestDetail: route('/requests/:id', (id: string) => `/requests/${encodeURIComponent(id)}`),
  /** `next`: the in-app location to come back to after signing in. */
  signIn: route('/sign-in', (next?: string | null) =>
    next ? `/sign-in?${new URLSearchParams({ next }).toString()}` : '/sign-in',
  ),
  /** The back office; its own screens live below this path. */
  admin: fixed('/admin'),
  adminRequest: route(
    '/admin/requests/:id',
    (id: string) => `/admin/requests/${encodeURIComponent(id)}`,
  ),
  adminDashboard: fixed('/admin/dashboard'),
  adminMailbox: fixed('/admin/mailbox'),
  adminOperators: fixed('/admin/operators'),
  adminPlaybooks: fixed('/admin/playbooks'),
  terms: fixed('/terms'),
  privacy: fixed('/privacy'),
  refunds: fixed('/refunds'),
} as const;

/** The absolute address of a page: `pageUrl('https://site.example', paths.requests.to())`. */
export function pageUrl(publicUrl: string, location: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/#${location}`;
}

/**
 * The absolute address of a page the server renders as its own document, with its content in
 * the HTML (`https://site.example/payment-status?order=…`): the checkout's way back and the
 * e-mails' payment links land there. The app moves itself into the hash route (`/#/…`) when
 * it starts, so both addresses show the same screen. In another `locale` the document is the
 * language's own (`/es/payment-status?order=…`); English keeps today's address.
 */
export function documentUrl(
  publicUrl: string,
  location: string,
  locale: SupportedLocale = defaultLocale,
): string {
  return `${publicUrl.replace(/\/+$/, '')}${localePagePath(locale, location)}`;
}

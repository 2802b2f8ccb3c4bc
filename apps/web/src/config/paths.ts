/**
 * Every route of the app in one place. `path` is the route pattern for the router, `to()` the
 * location for <Link>/navigate, `href()` the same location as a hash URL for plain links
 * (e-mails, `<a href>`, window.location).
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
}

export const paths = {
  home: fixed('/'),
  request: fixed('/request'),
  paymentStatus: route('/payment-status', ({ order, token }: PaymentStatusParams) => {
    const query = new URLSearchParams({ order });
    if (token) query.set('token', token);
    return `/payment-status?${query.toString()}`;
  }),
  requests: fixed('/requests'),
  requestDetail: route('/requests/:id', (id: string) => `/requests/${encodeURIComponent(id)}`),
  signIn: fixed('/sign-in'),
  /** The back office; its own screens live below this path. */
  admin: fixed('/admin'),
  adminRequest: route(
    '/admin/requests/:id',
    (id: string) => `/admin/requests/${encodeURIComponent(id)}`,
  ),
  adminDashboard: fixed('/admin/dashboard'),
  adminMailbox: fixed('/admin/mailbox'),
  adminOperators: fixed('/admin/operators'),
  terms: fixed('/terms'),
  privacy: fixed('/privacy'),
  refunds: fixed('/refunds'),
} as const;

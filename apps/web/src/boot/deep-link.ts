/**
 * Set on <html> by the inline script in index.html, before the first paint, when the address
 * asks for another screen than the one prerendered in the HTML (`/#/payment-status?…` on the
 * home document): the stylesheet then hides the prerendered screen and shows the loading bar
 * and mask, so the home content never flashes. The app removes it when it has rendered.
 */
export const DEEP_LINK_CLASS = 'deep-link';

/** The hash route of a location: `#/payment-status?order=1` → `/payment-status`; none → `/`. */
export function hashRoute(hash: string): string {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  return path === '' ? '/' : path;
}

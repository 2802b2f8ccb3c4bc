import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * false while React renders on the server and while it hydrates the prerendered HTML, true
 * afterwards (and from the start when nothing was prerendered). Parts of the page that only
 * exist in the browser (the account menu, the consent banner) wait for it, so the HTML and
 * the first client render agree and hydration never meets a pending lazy component.
 */
export function useClientRendered(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * When the prerendered page becomes the app. Hydrating costs main-thread time a phone feels,
 * and a visitor who only reads the page needs none of it: the HTML already shows everything.
 * So the app starts on the first sign of use (pointer, key, touch, wheel, focus, a change of
 * the hash), or when the browser is idle after the first paint if something must run without
 * any use: the live chat, the analytics consent banner, or a stored session for the header.
 */

import { HELD_CLICKS, type EarlyHeldClicks } from './held-clicks';

const USE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'focusin'];

/**
 * The runtime configuration block read without the app's schema (no zod in this file): only
 * "is it there", since the app validates it properly when it starts.
 */
function configuredFeatures(doc: Document): { chat: boolean; analytics: boolean } {
  try {
    const data = JSON.parse(doc.getElementById('client-config')?.textContent ?? '{}') as {
      chat?: unknown;
      firebase?: { measurementId?: unknown } | null;
    };
    return { chat: Boolean(data.chat), analytics: Boolean(data.firebase?.measurementId) };
  } catch {
    return { chat: false, analytics: false };
  }
}

/** Mirrors lib/auth-state.ts's "a session may exist" without loading it (it needs React). */
function mayHaveSession(): boolean {
  const has = (storage: () => Storage, prefix: string) => {
    try {
      const store = storage();
      for (let index = 0; index < store.length; index += 1) {
        if (store.key(index)?.startsWith(prefix)) return true;
      }
    } catch {
      // Storage blocked: nothing to restore from there.
    }
    return false;
  };
  return (
    has(() => window.localStorage, 'firebase:authUser:') ||
    has(() => window.sessionStorage, 'firebase:pendingRedirect:')
  );
}

/** True when the page has work to do even if the visitor never touches it. */
export function needsStartWhenIdle(doc: Document = document): boolean {
  const { chat, analytics } = configuredFeatures(doc);
  return chat || analytics || mayHaveSession();
}

/** Calls `start` once: at the first use of the page, or when idle if `whenIdle` is set. */
export function onFirstUse(start: () => void, { whenIdle }: { whenIdle: boolean }): void {
  let started = false;
  const fire = () => {
    if (started) return;
    started = true;
    for (const type of USE_EVENTS) window.removeEventListener(type, fire, true);
    window.removeEventListener('hashchange', fire);
    start();
  };
  for (const type of USE_EVENTS) {
    window.addEventListener(type, fire, { capture: true, passive: true });
  }
  window.addEventListener('hashchange', fire);
  if (whenIdle) {
    // After the load event, so the first paint and the page's own resources come first.
    const idle = () =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(fire, { timeout: 2000 })
        : window.setTimeout(fire, 1);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }
}

/**
 * Clicks on in-page links before the app runs would change the hash under the hydrating app,
 * or (the skip link) be read as a route; clicks on buttons (the payment-status page's "Try
 * again") would do nothing, as no handler is there yet. They are held and carried out once the
 * app runs: a route link (`#/refunds`) by moving the address there, which the router follows
 * (its history listens to the address, whatever React is doing at that moment), so the click
 * does what it does afterwards: a navigation with the loading indicator. Anything else (the
 * skip link, a button) is clicked again for the app to handle. In the built page the inline
 * loader held clicks before this script ran (build/entry-after-first-paint.ts, with the same
 * conditions as here): its hold ends and its last held element is taken over.
 */
export function holdLinkClicks(): (app: Promise<void>) => void {
  let held: HTMLElement | null = null;
  let ready = false;
  const onClick = (event: MouseEvent) => {
    if (ready || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link =
      event.target instanceof Element ? event.target.closest('a[href^="#"], button') : null;
    if (!(link instanceof HTMLElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = link;
  };
  document.addEventListener('click', onClick, true);
  const early = (window as unknown as Record<string, EarlyHeldClicks | undefined>)[HELD_CLICKS];
  if (early) {
    held = early.take();
    delete (window as unknown as Record<string, unknown>)[HELD_CLICKS];
  }
  return (app) => {
    void app.then(() => {
      ready = true;
      document.removeEventListener('click', onClick, true);
      const link = held;
      held = null;
      if (!link?.isConnected) return;
      const href = link.getAttribute('href') ?? '';
      if (href.startsWith('#/')) {
        if (location.hash !== href) location.hash = href;
      } else {
        link.click();
      }
    });
  };
}

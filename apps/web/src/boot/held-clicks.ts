/**
 * Where the inline loader of the built page (build/entry-after-first-paint.ts) leaves the
 * clicks it held before the entry script ran, for holdLinkClicks (wake.ts) to take over.
 */
export const HELD_CLICKS = '__unbanHeldClicks';

export interface EarlyHeldClicks {
  /** Stops the loader's holding and returns the last element it held, if any. */
  take(): HTMLElement | null;
}

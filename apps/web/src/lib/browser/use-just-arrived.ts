import { useEffect, useState } from 'react';

/**
 * How long a panel that appears on its own ignores the pointer. The app starts on the
 * visitor's first touch of the prerendered page (boot/wake.ts), and its consent banner and
 * language offer appear a moment later over the page, under a finger already on its way to a
 * choice there: a tap that landed on the new panel was lost (a ban-check answer that did not
 * take, seen in a test under load). Browsers guard their own prompts the same way.
 */
export const ARRIVAL_POINTER_DELAY_MS = 600;

/**
 * True for the first moments after the calling component mounted: render the panel with
 * `data-arriving` while it is; the global stylesheet (app/global.css) turns `pointer-events`
 * off for it, so a tap meant for the page beneath reaches the page. Keyboard and assistive
 * technology are not affected.
 */
export function useJustArrived(): boolean {
  const [arriving, setArriving] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setArriving(false), ARRIVAL_POINTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return arriving;
}

import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { CaseChangeEvent } from '@unban/contract/live';
import { openLiveStream } from './live-stream';

export interface LiveUpdatesOptions {
  /** A fresh ticket for this page's stream (the feature's API). */
  ticket: (signal: AbortSignal) => Promise<string>;
  /** Whether a change concerns what the page shows. */
  concerns: (event: CaseChangeEvent) => boolean;
  /** Reads the page's data again (useResource's refresh). */
  refresh: () => Promise<void>;
  /**
   * Set to whether the stream is up right now; the page's poll schedule reads it (no poll
   * while it is up).
   */
  live: RefObject<boolean>;
}

/**
 * Keeps a live-update stream open while `key` is set and the page is visible, and reads the page's data again when a
 * change it shows arrives, when the stream (re)opens, and when it goes down (so the poll,
 * which the page turns off while `live.current` is true, starts again at once).
 */
export function useLiveUpdates(key: string | null, options: LiveUpdatesOptions): void {
  const { live } = options;
  // The latest callbacks, so inline functions do not reopen the stream.
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => {
    if (key === null) return undefined;
    const refresh = () => void optionsRef.current.refresh();
    let close: (() => void) | null = null;
    const open = () => {
      close ??= openLiveStream({
        ticket: (signal) => optionsRef.current.ticket(signal),
        onChange: (event) => {
          if (optionsRef.current.concerns(event)) refresh();
        },
        onResync: refresh,
        onStatus: (up) => {
          live.current = up;
          if (!up) refresh();
        },
      });
    };
    const shut = () => {
      close?.();
      close = null;
      live.current = false;
    };
    // A hidden tab holds no stream (its poll is paused too): over HTTP/1.1 a browser keeps
    // about six connections per site, and a customer's forgotten tabs must not use them up.
    // Shown again, the stream reopens and its first event reads the page again.
    const onVisibilityChange = () => (document.visibilityState === 'hidden' ? shut() : open());
    document.addEventListener('visibilitychange', onVisibilityChange);
    if (document.visibilityState !== 'hidden') open();
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      shut();
    };
  }, [key, live]);
}

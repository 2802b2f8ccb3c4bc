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
 * Keeps a live-update stream open while `key` is set, and reads the page's data again when a
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
    const close = openLiveStream({
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
    return () => {
      close();
      live.current = false;
    };
  }, [key, live]);
}

import { useCallback, useEffect, useRef, useState } from 'react';

/*
 * The one hook that reads server state for a screen: loaded once (the back office, the list
 * of requests) or polled while the customer watches an operator or a payment provider change
 * it (the payment-status screen, the case page). In lib because features may not import
 * each other.
 */

export interface ResourceOptions<T> {
  /** Identifies what is loaded (e.g. order + token, or request id + user); null loads nothing. */
  key: string | null;
  load: (signal: AbortSignal) => Promise<T>;
  /**
   * Milliseconds until the next load after a success, or null to stop polling. Without it the
   * resource is loaded once (and again on refresh). `sinceStart` is the time since the first
   * load for this key.
   */
  nextDelay?: (data: T, sinceStart: number) => number | null;
  /**
   * Milliseconds until the next attempt after `failures` failures in a row, or null to stop.
   * Without it a failure stays until refresh.
   */
  retryDelay?: (error: unknown, failures: number) => number | null;
  /**
   * Whether a failure keeps the last answer on show (a poll that failed once: the screen says
   * it may be out of date) or hides it (a screen that shows either the answer or the failure).
   */
  keepDataOnError?: boolean;
}

export interface Resource<T> {
  /** The latest answer for the current key. */
  data: T | undefined;
  /** The latest failure; cleared by the next success. */
  error: unknown;
  /**
   * While the current key's first answer is on its way: the last answer for the key before it
   * (e.g. the list under the previous filters), for a screen that keeps it on show, marked as
   * out of date, rather than pulling it from under the user's pointer.
   */
  previousData: T | undefined;
  /** Loads now (cancelling a load under way) and resumes polling; settles when it is done. */
  refresh: () => Promise<void>;
  /** Shows `next` as the latest answer for the current key (e.g. what an action answered). */
  replace: (next: T) => void;
}

interface Snapshot<T> {
  key: string | null;
  data: T | undefined;
  error: unknown;
}

/** 2 s, 4 s, 8 s … up to `max`: a struggling server is not hammered by every open tab. */
export function backoffDelay(failures: number, base = 2_000, max = 60_000): number {
  return Math.min(base * 2 ** Math.max(0, failures - 1), max);
}

function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

const never = () => null;

/**
 * Loads `key` at once, then again after each `nextDelay` while the page is visible. One load at
 * a time: the next is scheduled only when the previous one has settled. A hidden tab loads
 * nothing; when it becomes visible again it loads at once and polling carries on. Everything
 * under way is aborted when the key changes or the component unmounts.
 */
export function useResource<T>(options: ResourceOptions<T>): Resource<T> {
  const { key } = options;
  const [snapshot, setSnapshot] = useState<Snapshot<T>>({
    key: null,
    data: undefined,
    error: undefined,
  });
  // The latest callbacks, so callers may pass inline functions without restarting the poll.
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const refreshRef = useRef<() => Promise<void>>(() => Promise.resolve());

  useEffect(() => {
    if (key === null) return undefined;
    const startedAt = Date.now();
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;

    const clearTimer = () => {
      clearTimeout(timer);
      timer = undefined;
    };

    const schedule = (delay: number | null) => {
      clearTimer();
      if (delay === null) {
        stopped = true;
        return;
      }
      // While hidden nothing is scheduled; becoming visible loads at once instead.
      if (pageHidden()) return;
      timer = setTimeout(() => void run(), delay);
    };

    const run = async (): Promise<void> => {
      clearTimer();
      controller?.abort();
      const current = new AbortController();
      controller = current;
      try {
        const data = await optionsRef.current.load(current.signal);
        if (current.signal.aborted) return;
        failures = 0;
        setSnapshot({ key, data, error: undefined });
        controller = null;
        schedule((optionsRef.current.nextDelay ?? never)(data, Date.now() - startedAt));
      } catch (error) {
        if (current.signal.aborted) return;
        failures += 1;
        const keep = optionsRef.current.keepDataOnError === true;
        setSnapshot((previous) => ({
          key,
          data: keep && previous.key === key ? previous.data : undefined,
          error,
        }));
        controller = null;
        schedule((optionsRef.current.retryDelay ?? never)(error, failures));
      }
    };

    const onVisibilityChange = () => {
      if (pageHidden()) {
        clearTimer();
        return;
      }
      if (!stopped && controller === null) void run();
    };

    refreshRef.current = () => {
      stopped = false;
      failures = 0;
      return run();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    void run();

    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      stopped = true;
      clearTimer();
      controller?.abort();
      refreshRef.current = () => Promise.resolve();
    };
  }, [key]);

  const refresh = useCallback(() => refreshRef.current(), []);
  const replace = useCallback(
    (next: T) =>
      setSnapshot((previous) =>
        previous.key === key ? { key, data: next, error: undefined } : previous,
      ),
    [key],
  );
  const current = snapshot.key === key && key !== null;
  return {
    data: current ? snapshot.data : undefined,
    error: current ? snapshot.error : undefined,
    previousData: current || key === null ? undefined : snapshot.data,
    refresh,
    replace,
  };
}

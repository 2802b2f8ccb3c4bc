import { useSyncExternalStore } from 'react';

/**
 * The one application-wide loading flag (SPEC section 4), false at start. It is a counter
 * underneath: every piece of work holds one count, so when two overlap the first to finish
 * does not hide the indicator while the other still runs.
 */
let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function isLoading(): boolean {
  return pending > 0;
}

/** Turns the flag on until the returned `end` is called; calling `end` again does nothing. */
export function beginLoading(): () => void {
  pending += 1;
  if (pending === 1) notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    if (pending === 0) notify();
  };
}

/** Keeps the flag on while `work` runs, whether it succeeds or fails. */
export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  const end = beginLoading();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    end();
  }
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The flag is never on before the browser runs the app, so a server snapshot is false. */
function serverSnapshot(): boolean {
  return false;
}

export function useLoading(): boolean {
  return useSyncExternalStore(subscribeLoading, isLoading, serverSnapshot);
}

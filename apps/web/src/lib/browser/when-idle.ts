/**
 * Runs `callback` once the browser is idle after the current work (and so after the first
 * paint), or after `timeoutMs` at the latest. Safari has no requestIdleCallback: there a
 * short timer does the same job. Returns a function that cancels the call.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}

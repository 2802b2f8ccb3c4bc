/**
 * Runs `work` every `intervalMs`, one run at a time per process (a slow run is not overlapped
 * by the next tick; other instances are kept apart by the claims and locks of the work
 * itself). A failed run goes to `onError` and the next tick tries again. The timer does not
 * keep the process alive. Returns what stops it, which waits for a run in progress, for an
 * `onClose` hook. An interval of 0 or less runs nothing (a sweep turned off).
 */
export function every(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= work()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * A GET started by the boot code before the app has loaded, handed to the screen that needs
 * it (once): on a deep link the data is on its way while React and the screen's chunk are
 * still downloading, instead of after them.
 */
const pending = new Map<string, Promise<Response>>();

export function startFirstRead(path: string): void {
  if (pending.has(path)) return;
  const read = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // A failure is the screen's to report when it takes the read; never an unhandled rejection.
  read.catch(() => {});
  pending.set(path, read);
}

/** The read started for `path`, if any; a second call gets nothing (later reads are fresh). */
export function takeFirstRead(path: string): Promise<Response> | undefined {
  const read = pending.get(path);
  pending.delete(path);
  return read;
}

/**
 * Hands `path`'s answer, already read by the boot code (the payment-status page's watcher saw
 * the status change), to the screen: it takes it as its next read instead of asking again.
 */
export function handOverRead(path: string, response: Response): void {
  pending.set(path, Promise.resolve(response));
}

/** Whether a read for `path` waits to be taken. */
export function hasFirstRead(path: string): boolean {
  return pending.has(path);
}

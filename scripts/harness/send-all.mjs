// @ts-check
// Sends generated requests with a fixed number in flight and counts what comes back. A
// request that gets no answer (reset, closed, timed out) is a dropped connection; a fetch
// that refuses to build the request (a header value it cannot send) is not sent at all.

const TIMEOUT_MS = 30_000;

/**
 * @param {string} base
 * @param {Iterable<import('./fuzz-requests.mjs').FuzzRequest>} requests
 * @param {number} concurrency
 */
export async function sendAll(base, requests, concurrency) {
  const byStatus = new Map();
  const byRole = new Map();
  /** @type {unknown[]} */
  const serverErrors = [];
  /** @type {unknown[]} */
  const dropped = [];
  let sent = 0;
  let skipped = 0;
  const iterator = requests[Symbol.iterator]();
  let lastReport = Date.now();

  async function worker() {
    for (;;) {
      const next = iterator.next();
      if (next.done) return;
      const request = next.value;
      /** @type {RequestInit} */
      let init;
      try {
        init = {
          method: request.method,
          headers: new Headers(request.headers),
          body: request.body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        };
      } catch {
        skipped += 1;
        continue;
      }
      const summary = () => ({
        operation: request.operation,
        role: request.role,
        mutation: request.mutation,
        method: request.method,
        path: request.path.slice(0, 300),
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [
            k,
            k === 'authorization' ? v.slice(0, 20) : v.slice(0, 200),
          ]),
        ),
        body:
          request.body === undefined ? undefined : String(Buffer.from(request.body)).slice(0, 500),
      });
      sent += 1;
      byRole.set(request.role, (byRole.get(request.role) ?? 0) + 1);
      try {
        const response = await fetch(`${base}${request.path}`, init);
        const text = await response.text();
        byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
        if (response.status >= 500)
          serverErrors.push({ status: response.status, answer: text.slice(0, 300), ...summary() });
      } catch (error) {
        const err = /** @type {Error & { cause?: { code?: string, message?: string } }} */ (error);
        if (err.name === 'TypeError' && !err.cause) {
          // The client refused to send it (e.g. a URL fetch will not build): nothing reached the server.
          sent -= 1;
          skipped += 1;
          continue;
        }
        dropped.push({
          error: `${err.name}: ${err.cause?.code ?? ''} ${err.cause?.message ?? err.message}`,
          ...summary(),
        });
      }
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        console.log(`  … ${sent} sent, ${serverErrors.length} 5xx, ${dropped.length} dropped`);
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return { sent, skipped, byStatus, byRole, serverErrors, dropped };
}

// @ts-check
// HTTP calls of the chaos workload. The server dies under them on purpose: a call that gets
// no answer is "not acknowledged" (it may or may not have happened) and the caller waits for
// the server to be back before going on, exactly as a real client retries.

export class NoAnswer extends Error {}

/**
 * @param {{ base: string, up: () => Promise<void> }} target
 *   `up` resolves once the server answers again (immediately while it runs)
 */
export function chaosClient(target) {
  /**
   * @param {string} method @param {string} path
   * @param {{ token?: string, body?: unknown, headers?: Record<string, string>, rawBody?: string }} [options]
   * @returns {Promise<{ status: number, json: any, location: string | null }>}
   */
  async function call(method, path, options = {}) {
    await target.up();
    /** @type {Record<string, string>} */
    const headers = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    let response;
    try {
      response = await fetch(`${target.base}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new NoAnswer(`${method} ${path}: ${/** @type {Error} */ (error).message}`);
    }
    let text;
    try {
      text = await response.text();
    } catch (error) {
      throw new NoAnswer(`${method} ${path} (reading): ${/** @type {Error} */ (error).message}`);
    }
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // An HTML page (sandbox) or nothing.
    }
    if (response.status >= 500 && response.status !== 503)
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return { status: response.status, json, location: response.headers.get('location') };
  }
  return { call };
}

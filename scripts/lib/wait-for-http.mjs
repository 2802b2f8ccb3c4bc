// @ts-check
import { setTimeout as sleep } from 'node:timers/promises';

export class WaitTimeoutError extends Error {}

/**
 * @typedef {object} WaitOptions
 * @property {number} timeoutMs
 * @property {(status: number) => boolean} [accept] which answers count as ready (default: 2xx)
 * @property {() => boolean} [giveUp] stop early, e.g. because the process being waited for died
 * @property {number} [intervalMs]
 */

/**
 * Polls a URL until it answers. Connection errors are expected while the process starts.
 * @param {string} url
 * @param {WaitOptions} options
 * @returns {Promise<boolean>} true when ready, false when `giveUp` said so
 */
export async function waitForHttp(
  url,
  {
    timeoutMs,
    accept = (status) => status >= 200 && status < 300,
    giveUp = () => false,
    intervalMs = 200,
  },
) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (giveUp()) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (accept(response.status)) return true;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? describeFetchError(error) : String(error);
    }
    await sleep(intervalMs);
  }
  throw new WaitTimeoutError(
    `${url} did not answer within ${Math.round(timeoutMs / 1000)} s (last: ${lastProblem}).`,
  );
}

/** @param {Error} error */
function describeFetchError(error) {
  const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause;
  return cause?.code ?? error.message;
}

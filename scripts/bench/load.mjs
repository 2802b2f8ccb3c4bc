// @ts-check
import autocannon from 'autocannon';

/** Seconds per measurement (BENCH_SECONDS, default 10). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * @typedef {{ label: string, requestsPerSecond: number, p50: number, p99: number,
 *   ok: number, failed: number, seconds: number }} LoadResult
 */

/**
 * Runs autocannon against one address and keeps only what the report needs. Fails loudly
 * when any answer is not 2xx: a fast error page is no benchmark.
 * @param {string} label
 * @param {import('autocannon').Options} options
 * @returns {Promise<LoadResult>}
 */
export async function measure(label, options) {
  const result = await autocannon({ connections: 50, duration: SECONDS, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `${label}: ${failed} of ${result.requests.total} answers were not 2xx (non2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  }
  return {
    label,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed,
    seconds: result.duration,
  };
}

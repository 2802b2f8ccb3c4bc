// @ts-check
import autocannon from 'autocannon';
import { cpuSecondsOf } from './process-cpu.mjs';

/** Seconds per measurement (BENCH_SECONDS, default 10). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * Seconds of the same load before each measurement, not counted (BENCH_WARMUP_SECONDS,
 * default 3): the first seconds of a route are V8 compiling it, which the product (more code
 * per request) pays for longer than its bare limit, and a long-running server never does.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

/**
 * @typedef {{ label: string, requestsPerSecond: number, p50: number, p99: number,
 *   ok: number, failed: number, seconds: number, cpuPerAnswerUs: number | undefined }} LoadResult
 */

/**
 * Runs autocannon against one address and keeps only what the report needs. Answers that
 * are not 2xx (timeouts included) are counted and shown next to the row: a fast error page
 * is no benchmark, but an overloaded server's timeouts are a result. Fails when nothing at
 * all was answered with 2xx.
 * @param {string} label
 * @param {import('autocannon').Options} options
 * @param {() => void} [mark] called just before and just after the counted load (a profile's
 *   bounds), not around the warm-up
 * @param {number} [serverPid] the server answering: the CPU it spends during the counted load,
 *   per answer, is part of the result (process-cpu.mjs)
 * @returns {Promise<LoadResult>}
 */
export async function measure(label, options, mark, serverPid) {
  if (WARMUP_SECONDS > 0)
    await autocannon({ connections: 50, ...options, duration: WARMUP_SECONDS });
  mark?.();
  const cpuBefore = cpuSecondsOf(serverPid);
  const result = await autocannon({ connections: 50, duration: SECONDS, ...options });
  const cpuAfter = cpuSecondsOf(serverPid);
  mark?.();
  const answers = result.requests.total;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    console.warn(
      `${label}: ${failed} of ${result.requests.total} answers were not 2xx (non2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  }
  if (result['2xx'] === 0) throw new Error(`${label}: no answer was 2xx`);
  return {
    label,
    // Only good answers count as throughput.
    requestsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed,
    seconds: result.duration,
    cpuPerAnswerUs:
      cpuBefore === undefined || cpuAfter === undefined || answers === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / answers,
  };
}

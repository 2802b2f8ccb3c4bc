// @ts-check
import autocannon from 'autocannon';
import { cpuSecondsOf } from './process-cpu.mjs';
import { SteadyLatency } from './steady-latency.mjs';

/** Seconds per measurement (BENCH_SECONDS, default 10). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * Seconds of the same load before each measurement, not counted (BENCH_WARMUP_SECONDS,
 * default 3): the first seconds of a route are V8 compiling it, which the product (more code
 * per request) pays for longer than its bare limit, and a long-running server never does.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

/**
 * p50 and p99 leave out each connection's first answer, its wait to be taken in
 * (steady-latency.mjs); `p99WithStarts` is autocannon's own, over every answer.
 * @typedef {{ label: string, requestsPerSecond: number, p50: number, p99: number,
 *   p99WithStarts: number, slowestFirstAnswer: number,
 *   ok: number, failed: number, seconds: number, cpuPerAnswerUs: number | undefined }} LoadResult
 */

/**
 * Alternating turns for a path measured next to its limit (BENCH_TURNS, default 5): the
 * counted seconds are cut into this many turns of each server, limit then product. This
 * machine's speed changes by a third within a minute (other work on the host), and a limit
 * measured in the ten seconds before its product could land on a fast stretch and its
 * product on a slow one: nine rounds of the status read, unchanged code, read 0.65x to
 * 1.01x (decision 012, 2026-11-29 evening). Turns put both through the same stretches.
 */
export const TURNS = Math.max(1, Number(process.env.BENCH_TURNS ?? 5));

/** @typedef {{ options: import('autocannon').Options, serverPid?: number }} Side */

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
  const side = { options, serverPid };
  await warmUp(side);
  const turn = new Turns(label, side);
  mark?.();
  await turn.run(SECONDS);
  mark?.();
  return turn.result();
}

/**
 * A product path and its limit, measured in alternating turns (TURNS) after each one's
 * warm-up: limit, product, limit, product… Each result pools its turns: the answers over the
 * seconds they took, the latency percentiles of every answer, the CPU of every turn.
 * @param {string} label @param {Side} limit @param {Side} product
 * @param {() => void} [mark] the product's profile bounds: around all the turns, so a
 *   profile's part holds the limit's turns too, as time the product was idle
 * @param {number} [turns] how many turns (TURNS by default)
 * @returns {Promise<{ limit: LoadResult, product: LoadResult }>}
 */
export async function measureInTurns(label, limit, product, mark, turns = TURNS) {
  await warmUp(limit);
  await warmUp(product);
  const limitTurns = new Turns(`${label} (limit)`, limit);
  const productTurns = new Turns(label, product);
  mark?.();
  for (let turn = 0; turn < turns; turn += 1) {
    await limitTurns.run(SECONDS / turns);
    await productTurns.run(SECONDS / turns);
  }
  mark?.();
  return { limit: limitTurns.result(), product: productTurns.result() };
}

/** @param {Side} side */
async function warmUp({ options }) {
  if (WARMUP_SECONDS > 0)
    await autocannon({ connections: 50, ...options, duration: WARMUP_SECONDS });
}

/** The counted load of one side, in one or more turns, pooled into one result. */
class Turns {
  /** @type {import('autocannon').Result[]} */
  #raw = [];
  #seconds = 0;
  #cpuSeconds = 0;
  #cpuKnown = true;
  #latency = new SteadyLatency();

  /** @param {string} label @param {Side} side */
  constructor(label, side) {
    this.label = label;
    this.side = side;
  }

  /** @param {number} seconds */
  async run(seconds) {
    const { options, serverPid } = this.side;
    const cpuBefore = cpuSecondsOf(serverPid);
    // Unaggregated, so that the turns' latency histograms can be merged (result()); the
    // steady latency hears every answer as it comes.
    const run = autocannon({
      connections: 50,
      duration: seconds,
      ...options,
      skipAggregateResult: true,
    });
    run.on('response', (client, statusCode, _bytes, milliseconds) =>
      this.#latency.record(client, statusCode, milliseconds),
    );
    const raw = await run;
    const cpuAfter = cpuSecondsOf(serverPid);
    this.#raw.push(raw);
    this.#seconds += raw.duration;
    if (cpuBefore === undefined || cpuAfter === undefined) this.#cpuKnown = false;
    else this.#cpuSeconds += cpuAfter - cpuBefore;
  }

  /** @returns {LoadResult} */
  result() {
    const { label } = this;
    const result = autocannon.aggregateResult(this.#raw, { url: 'http://pooled', connections: 50 });
    const answers = result.requests.total;
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) {
      console.warn(
        `${label}: ${failed} of ${answers} answers were not 2xx (non2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
      );
    }
    if (result['2xx'] === 0) throw new Error(`${label}: no answer was 2xx`);
    const steady = this.#latency.summary();
    return {
      label,
      // Only good answers count as throughput.
      requestsPerSecond: result['2xx'] / this.#seconds,
      p50: steady.p50,
      p99: steady.p99,
      p99WithStarts: result.latency.p99,
      slowestFirstAnswer: steady.slowestFirstAnswer,
      ok: result['2xx'],
      failed,
      seconds: this.#seconds,
      cpuPerAnswerUs:
        !this.#cpuKnown || answers === 0 ? undefined : (this.#cpuSeconds * 1e6) / answers,
    };
  }
}

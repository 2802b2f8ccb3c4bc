// @ts-check

/*
 * The latency of a server under a steady load, without the wait of each new connection to be
 * taken in. Node's event loop accepts one connection per pass (libuv/libuv#3696), so the 50
 * connections a load run opens at once are taken in one per pass; on a server already busy
 * with the ones before, each pass takes longer, and the last connection's first request
 * waited 300 ms on the PostgreSQL queue and seconds on PGlite, where the other answers' p99
 * was under 60 ms. A browser keeps its connection open; a row in turns opens its 50 again
 * every turn (decision 012, 2026-12-07). So each connection's first answer is kept apart, and
 * the percentiles are those of the answers that follow it.
 */

/** A percentile of ascending values, as HdrHistogram reads it: the value at its rank. */
export function percentile(/** @type {number[]} */ ascending, /** @type {number} */ share) {
  if (ascending.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(share * ascending.length));
  return ascending[rank - 1] ?? Number.NaN;
}

export class SteadyLatency {
  /** Latencies (ms) of the good answers after each connection's first. @type {number[]} */
  #steady = [];
  /** Latencies (ms) of each connection's first answer, good or not. @type {number[]} */
  #firsts = [];
  /** @type {WeakSet<object>} */
  #started = new WeakSet();

  /**
   * One answer, as autocannon's `response` event gives it: the client (one connection, one
   * request at a time), the status code and the time from request to answer. As autocannon's
   * own histogram, only 2xx answers count.
   * @param {object} client @param {number} statusCode @param {number} milliseconds
   */
  record(client, statusCode, milliseconds) {
    if (!this.#started.has(client)) {
      this.#started.add(client);
      this.#firsts.push(milliseconds);
      return;
    }
    if (statusCode >= 200 && statusCode < 300) this.#steady.push(milliseconds);
  }

  /** Whole milliseconds, as the rest of the report. */
  summary() {
    const steady = [...this.#steady].sort((a, b) => a - b);
    return {
      p50: Math.round(percentile(steady, 0.5)),
      p99: Math.round(percentile(steady, 0.99)),
      /** How many connections were opened, and the longest first answer among them. */
      firstAnswers: this.#firsts.length,
      slowestFirstAnswer: Math.round(Math.max(0, ...this.#firsts)),
    };
  }
}

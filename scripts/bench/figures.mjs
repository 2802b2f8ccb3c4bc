// @ts-check
// The back office's figures, read the way an operator and a visitor read them: the dashboard
// (computed on each request) and the public results (computed once per five minutes, so only
// the first request after the server starts does the work). Timed one after the other, not
// under load: what one person waits for on a database of the bench's size.

import { percentile } from './steady-latency.mjs';

const DASHBOARD_READS = 5;
/** Customers searched for one by one, each search kind (the queue's rows repeat one value). */
const SEARCHES = 200;
/**
 * Searches an operator types, each for a different customer of the seed (seed-queue.ts): the
 * beginning of an e-mail address (customer1000 to customer9999, each the start of 111
 * addresses at 1,000,000 requests) and a number's last four digits (100 numbers each). The
 * same values every run: a step coprime with the range walks it without repeats.
 * @type {[string, (index: number) => string][]}
 */
const SEARCH_KINDS = [
  ['e-mail beginning', (index) => `customer${1000 + ((index * 7919) % 9000)}`],
  ['last four digits', (index) => String((4242 + index * 7919) % 10000).padStart(4, '0')],
];

/** @param {string} url @param {Record<string, string>} headers */
async function timedGet(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * The queue's searches for many customers, one at a time: the planner's choice of plan
 * depends on the value searched (decision 012, a search reads its matches first), which one
 * value repeated under load cannot show.
 * @param {string} base @param {Record<string, string>} operator
 */
async function timeSearches(base, operator) {
  const parts = [];
  for (const [label, valueAt] of SEARCH_KINDS) {
    const times = [];
    for (let index = 0; index < SEARCHES; index += 1) {
      const q = encodeURIComponent(valueAt(index));
      times.push(await timedGet(`${base}/api/admin/requests?q=${q}`, operator));
    }
    times.sort((a, b) => a - b);
    parts.push(
      `${label} p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ` +
        `${percentile(times, 0.99).toFixed(1)} ms, slowest ${(times.at(-1) ?? 0).toFixed(1)} ms`,
    );
  }
  return `searches for ${SEARCHES} customers each, one at a time: ${parts.join('; ')}`;
}

/**
 * Prints and returns how long the public results' first computation and the dashboard took,
 * and the queue's searches for many customers.
 * @param {string} name the database's name in the bench's lines
 * @param {string} base the product's address
 * @param {Record<string, string>} operator an operator's authorization header
 */
export async function timeFigures(name, base, operator) {
  const results = await timedGet(`${base}/api/results`, {});
  const dashboard = [];
  for (let read = 0; read < DASHBOARD_READS; read += 1)
    dashboard.push(await timedGet(`${base}/api/admin/dashboard`, operator));
  dashboard.sort((a, b) => a - b);
  const median = dashboard[Math.floor(dashboard.length / 2)] ?? 0;
  const line =
    `${name}: back-office figures: dashboard ${median.toFixed(0)} ms (median of ` +
    `${DASHBOARD_READS}, slowest ${(dashboard.at(-1) ?? 0).toFixed(0)} ms), public results ` +
    `computed in ${results.toFixed(0)} ms`;
  console.log(line);
  const searches = `${name}: ${await timeSearches(base, operator)}`;
  console.log(searches);
  return `${line}\n${searches}`;
}

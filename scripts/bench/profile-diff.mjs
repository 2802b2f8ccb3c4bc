#!/usr/bin/env node
// @ts-check
// Where the product spends more than its limit on one row of `npm run bench`: reads the two
// parts of that row (BENCH_PROFILE_DIR gives `server-<pid>-part-K` and `limit-<pid>-part-K`,
// the output names K) and prints, per function, the self time of an answer on each side and
// the difference, largest first. A part covers the row's counted load; on PostgreSQL it spans
// all the turns, so each side's idle time holds the other's turns, and idle time is left out.
// A side's busy time is spread over its answers by the CPU per answer the bench printed for
// it: the profile samples the server's main thread, which is most but not all of its CPU.
// `dispatch` is mostly the profiler's own: the part's profile handed over at its end, which
// weighs more per answer the shorter the row (BENCH_SECONDS).
// A part may also be Linux perf's samples of one server, as `perf script` prints them (any
// file not ending in .cpuprofile; perf-script.mjs): CPU time only, every thread of the
// process, which is what the CPU per answer counts too. The README says how to record them.
// Usage: node scripts/bench/profile-diff.mjs <product part> <product µs/answer>
//          <limit part> <limit µs/answer> [top=30]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { perfSelfSamples } from './perf-script.mjs';
import { frameName, selfTimes } from './profile-frames.mjs';

const [productFile, productMicros, limitFile, limitMicros, topArg] = process.argv.slice(2);
if (!productFile || !limitFile || !Number(productMicros) || !Number(limitMicros)) {
  console.error(
    'Usage: node scripts/bench/profile-diff.mjs <product part> <product µs/answer> <limit part> <limit µs/answer> [top]',
  );
  process.exit(2);
}
const top = Number(topArg ?? 30);

/**
 * Each function's share of the busy (non-idle) self time, times the side's CPU per answer:
 * microseconds of an answer. @param {string} file @param {number} microsPerAnswer
 */
function perAnswer(file, microsPerAnswer) {
  if (!file.endsWith('.cpuprofile')) {
    const { samples, byName } = perfSelfSamples(readFileSync(file, 'utf8'));
    for (const [name, count] of byName) byName.set(name, (count / samples) * microsPerAnswer);
    return byName;
  }
  /** @type {Map<string, number>} */
  const busy = new Map();
  let total = 0;
  for (const { frame, micros } of selfTimes(file)) {
    if (frame.functionName === '(idle)') continue;
    const name = frameName(frame);
    busy.set(name, (busy.get(name) ?? 0) + micros);
    total += micros;
  }
  for (const [name, micros] of busy) busy.set(name, (micros / total) * microsPerAnswer);
  return busy;
}

const product = perAnswer(productFile, Number(productMicros));
const limit = perAnswer(limitFile, Number(limitMicros));
const rows = [...new Set([...product.keys(), ...limit.keys()])]
  .map((name) => ({ name, product: product.get(name) ?? 0, limit: limit.get(name) ?? 0 }))
  .sort((a, b) => b.product - b.limit - (a.product - a.limit));

const cell = (/** @type {number} */ micros) => micros.toFixed(1).padStart(9);
console.log(`${path.basename(productFile)} against ${path.basename(limitFile)}, µs per answer`);
console.log(`${'more'.padStart(9)}${'product'.padStart(9)}${'limit'.padStart(9)}  function`);
for (const row of rows.slice(0, top))
  console.log(
    `${cell(row.product - row.limit)}${cell(row.product)}${cell(row.limit)}  ${row.name}`,
  );

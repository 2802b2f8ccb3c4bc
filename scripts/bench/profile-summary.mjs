#!/usr/bin/env node
// @ts-check
// Reads the V8 CPU profiles (`node --cpu-prof`, e.g. from BENCH_PROFILE_DIR) in a folder and
// prints, per profile, the functions with the most self time and the files (dependencies
// grouped by package) where the time went: where a hot path spends its CPU.
// Usage: node scripts/bench/profile-summary.mjs <dir> [top=25]
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { frameName, owner, selfTimes } from './profile-frames.mjs';

const [dir, topArg] = process.argv.slice(2);
if (!dir) {
  console.error('Usage: node scripts/bench/profile-summary.mjs <dir> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);

/** @param {Map<string, number>} map @param {number} total */
function printTop(map, total) {
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}

const files = readdirSync(dir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .map((name) => path.join(dir, name))
  .sort((a, b) => statSync(b).size - statSync(a).size);
for (const file of files) {
  let total = 0;
  let idle = 0;
  const byFunction = new Map();
  const byOwner = new Map();
  for (const { frame, micros } of selfTimes(file)) {
    total += micros;
    if (frame.functionName === '(idle)') idle += micros;
    const where = owner(frame.url);
    const name = frameName(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byOwner.set(where, (byOwner.get(where) ?? 0) + micros);
  }
  console.log(
    `\n${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${((idle / total) * 100).toFixed(0)}% idle`,
  );
  console.log(' self time by function:');
  printTop(byFunction, total);
  console.log(' self time by package or file:');
  printTop(byOwner, total);
}

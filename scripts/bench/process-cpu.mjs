// @ts-check
// The CPU time a server process spends, read from /proc, for the bench's "CPU per answer": on a
// shared machine a row's throughput moves with whatever else runs, while the CPU a server spends
// on each answer moves much less, so it is the steadier measure of the product's own cost next
// to its limit's (decision 012). Linux only; elsewhere every function answers undefined.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** /proc counts CPU time in clock ticks (USER_HZ, 100 on every common Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The fields of /proc/PID/stat that matter here. The command name (field 2) is in parentheses
 * and may hold spaces, so the fields after it are counted from its closing parenthesis.
 * @param {string} text
 */
export function parseProcStat(text) {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): the parent is field 4, utime and stime 14 and 15.
  return {
    parent: Number(fields[1]),
    cpuTicks: Number(fields[11]) + Number(fields[12]),
  };
}

/**
 * The pid of a descendant of process `ancestor` (or itself) whose command line names `script`,
 * or undefined (not found, or no /proc). The product's server is a child of start.mjs, in a
 * process group of its own, so it is looked up by descent rather than known.
 * @param {number} ancestor @param {string} script
 */
export function findDescendant(ancestor, script) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  /** @type {Map<number, number>} pid → parent */
  const parents = new Map();
  for (const entry of entries) {
    try {
      parents.set(Number(entry), parseProcStat(readFileSync(`/proc/${entry}/stat`, 'utf8')).parent);
    } catch {
      // The process ended while the list was read.
    }
  }
  const descends = (/** @type {number} */ pid) => {
    for (let current = pid, steps = 0; current > 1 && steps < 64; steps += 1) {
      if (current === ancestor) return true;
      current = parents.get(current) ?? 0;
    }
    return false;
  };
  for (const pid of parents.keys()) {
    if (!descends(pid)) continue;
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.some((arg) => arg.endsWith(script))) return pid;
    } catch {
      // Ended meanwhile.
    }
  }
  return undefined;
}

/**
 * Seconds of CPU (user and system) process `pid` has used so far, or undefined.
 * @param {number | undefined} pid
 */
export function cpuSecondsOf(pid) {
  if (pid === undefined) return undefined;
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).cpuTicks / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

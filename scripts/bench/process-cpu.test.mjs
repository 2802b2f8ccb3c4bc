// @ts-check
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuSecondsOf, findDescendant, parseProcStat } from './process-cpu.mjs';

const linux = process.platform === 'linux';

/** @type {import('node:child_process').ChildProcess | undefined} */
let child;
afterEach(() => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  child = undefined;
});

describe('process CPU from /proc', () => {
  it('reads the parent and CPU ticks past a command name with spaces and parentheses', () => {
    const stat = '4242 (node (a) b) S 1 4240 4240 0 -1 4194560 100 0 0 0 150 25 0 0 20 0 11';
    expect(parseProcStat(stat)).toEqual({ parent: 1, cpuTicks: 175 });
  });

  it.runIf(linux)('finds a descendant by its script and counts the CPU it spends', async () => {
    // A shell starts a node process that spins for about 300 ms.
    const spin =
      'const end = Date.now() + 300; while (Date.now() < end); setTimeout(() => {}, 30000)';
    child = spawn('sh', ['-c', `node -e '${spin}' spinner-under-test.js & wait`], {
      detached: true,
      stdio: 'ignore',
    });
    const shell = /** @type {number} */ (child.pid);
    let pid;
    for (let tries = 0; pid === undefined && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pid = findDescendant(shell, 'spinner-under-test.js');
    }
    expect(pid).toBeDefined();
    expect(pid).not.toBe(shell);
    expect(findDescendant(process.pid, 'spinner-under-test.js')).toBe(pid);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const used = cpuSecondsOf(pid);
    expect(used).toBeGreaterThanOrEqual(0.2);
    expect(used).toBeLessThan(5);
    expect(findDescendant(shell, 'no-such-script.js')).toBeUndefined();
    // Not below an unrelated process.
    expect(findDescendant(2 ** 30, 'spinner-under-test.js')).toBeUndefined();
  });

  it('answers undefined for a process that does not exist', () => {
    expect(cpuSecondsOf(undefined)).toBeUndefined();
    expect(cpuSecondsOf(2 ** 30)).toBeUndefined();
  });
});

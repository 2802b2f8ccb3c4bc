// @ts-check
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @typedef {object} Supervised
 * @property {string} name
 * @property {import('node:child_process').ChildProcess} child
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 */

/**
 * @typedef {object} SpawnOptions
 * @property {string} [cwd]
 * @property {NodeJS.ProcessEnv} [env]
 * @property {import('node:child_process').StdioOptions} [stdio]
 * @property {boolean} [expectExit] the child is a step that ends by itself
 */

/**
 * Runs each child as the leader of its own process group, so that stopping it also stops whatever
 * it started (npm → vite, the emulator's workers), and so that a Ctrl-C in the terminal reaches
 * only this script, which then stops the children in an orderly way instead of all at once.
 */
export class ProcessGroups {
  /** @type {Map<string, Supervised>} */
  #running = new Map();
  #stopping = false;
  /** @type {(name: string, code: number | null, signal: NodeJS.Signals | null) => void} */
  #onUnexpectedExit;

  /** @param {(name: string, code: number | null, signal: NodeJS.Signals | null) => void} onUnexpectedExit */
  constructor(onUnexpectedExit) {
    this.#onUnexpectedExit = onUnexpectedExit;
    // Last resort if this script dies of an exception: never leave detached children behind.
    process.on('exit', () => this.#killAllNow());
  }

  /**
   * @param {string} name shown in messages
   * @param {string} command
   * @param {readonly string[]} args
   * @param {SpawnOptions} [options]
   * @returns {Supervised}
   */
  spawn(name, command, args, options = {}) {
    if (this.#stopping) throw new Error(`Not starting ${name}: shutting down.`);
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
    const exited = new Promise((resolve) => {
      child.once('error', (error) => {
        console.error(`Could not run ${name} (${command}): ${error.message}`);
        resolve({ code: 127, signal: null });
      });
      child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    /** @type {Supervised} */
    const entry = { name, child, exited };
    this.#running.set(name, entry);
    void exited.then(({ code, signal }) => {
      if (this.#running.get(name) !== entry) return;
      this.#running.delete(name);
      if (!this.#stopping && !options.expectExit) this.#onUnexpectedExit(name, code, signal);
    });
    return entry;
  }

  /**
   * Runs a step that is meant to finish (the web build): it is stopped with the others on Ctrl-C,
   * but its exit is its result, not a failure of the run.
   * @param {string} name
   * @param {string} command
   * @param {readonly string[]} args
   * @param {SpawnOptions} [options]
   * @returns {Promise<number>} the exit code (1 when killed by a signal)
   */
  async run(name, command, args, options = {}) {
    const entry = this.spawn(name, command, args, { ...options, expectExit: true });
    const { code, signal } = await entry.exited;
    return code ?? (signal ? 1 : 0);
  }

  /**
   * SIGTERM to every group, wait for each group to be empty, SIGKILL what is left after the grace
   * period. Safe to call more than once; a second call while stopping kills at once.
   * @param {number} graceMs
   */
  async stopAll(graceMs = 10_000) {
    if (this.#stopping) {
      this.#killAllNow();
      return;
    }
    this.#stopping = true;
    const entries = [...this.#running.values()];
    await Promise.all(entries.map((entry) => stopGroup(entry, graceMs)));
    this.#running.clear();
  }

  #killAllNow() {
    for (const { child } of this.#running.values()) {
      if (child.pid) signalGroup(child.pid, 'SIGKILL');
    }
  }
}

/**
 * @param {Supervised} entry
 * @param {number} graceMs
 */
async function stopGroup({ child, exited }, graceMs) {
  const pid = child.pid;
  if (!pid) return;
  signalGroup(pid, 'SIGTERM');
  if (await groupGone(pid, exited, graceMs)) return;
  signalGroup(pid, 'SIGKILL');
  await groupGone(pid, exited, 2_000);
}

/**
 * The leader exiting is not enough: its own children (vite under npm) must be gone too.
 * @param {number} pid
 * @param {Promise<unknown>} leaderExited
 * @param {number} timeoutMs
 */
async function groupGone(pid, leaderExited, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let leaderDone = false;
  void leaderExited.then(() => {
    leaderDone = true;
  });
  while (Date.now() < deadline) {
    // Until Node has reaped the leader, the group still "exists" as a zombie.
    if (leaderDone && !signalGroup(pid, 0)) return true;
    await sleep(100);
  }
  return false;
}

/**
 * @param {number} pid the group leader's pid, which is also the group id
 * @param {NodeJS.Signals | 0} signal
 * @returns {boolean} whether any process of the group was there to receive it
 */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

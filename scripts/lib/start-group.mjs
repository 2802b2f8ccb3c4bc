// @ts-check
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts a child (from the repository's root) as the leader of its own process group, for the
 * benchmarks: `stop` ends the whole group (the product's start.mjs, its server and emulator),
 * with SIGKILL if it has not ended 20 s after SIGTERM.
 * @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} env
 * @param {'ignore' | 'inherit'} [stdout]
 */
export function startGroup(
  command,
  args,
  env,
  stdout = /** @type {'ignore' | 'inherit'} */ ('ignore'),
) {
  const child = spawn(command, args, {
    cwd: rootDir,
    env,
    detached: true,
    stdio: ['ignore', stdout, 'inherit'],
  });
  let hasExited = false;
  /** @type {Promise<number | null>} the exit code */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code))).then(
    (code) => {
      hasExited = true;
      return /** @type {number | null} */ (code);
    },
  );
  return {
    /** The group's leader, whose pid is also the group's id. */
    pid: child.pid,
    exited,
    hasExited: () => hasExited,
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      process.kill(-child.pid, 'SIGTERM');
      const timeout = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

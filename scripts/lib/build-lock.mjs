// @ts-check
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A build that holds the lock longer than this has died without releasing it. */
const STALE_AFTER_MS = 10 * 60_000;

/**
 * Runs `work` while holding a lock folder, so two `npm start`s in one checkout (the two
 * end-to-end servers, say) never build the web app at the same time: Vite empties dist/ first,
 * and one build would delete the other's files. mkdir is atomic, so it is the lock.
 * @template T
 * @param {string} lockDir
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withBuildLock(lockDir, work) {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      if (isStale(lockDir)) rmSync(lockDir, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  // A Ctrl-C ends the process with process.exit, skipping `finally`: release on exit too.
  const release = () => rmSync(lockDir, { recursive: true, force: true });
  process.once('exit', release);
  try {
    return await work();
  } finally {
    process.off('exit', release);
    release();
  }
}

/** @param {string} lockDir */
function isStale(lockDir) {
  try {
    return Date.now() - statSync(lockDir).mtimeMs > STALE_AFTER_MS;
  } catch {
    return false;
  }
}

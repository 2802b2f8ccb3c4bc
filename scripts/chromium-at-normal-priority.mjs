// @ts-check
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** util-linux's tool to start a program with fewer capabilities (Debian: always installed). */
export const SETPRIV = '/usr/bin/setpriv';

/**
 * @typedef {object} NormalPriorityDeps
 * @property {() => number | undefined} [uid]
 * @property {(file: string) => boolean} [exists]
 * @property {(file: string, text: string) => void} [writeExecutable]
 */

/**
 * Why: Chromium raises its browser, I/O and compositor threads to nice -8 ("display
 * critical"). Only root may do that, so on a developer's machine the call fails and every
 * process stays at nice 0; in CI, which runs as root, it succeeds. On a 2-core machine those
 * threads (busy drawing every frame for the traces) then win the CPU over the page's own main
 * thread and over the servers under test, and a page could sit still for seconds with all of its
 * files loaded: the end-to-end tests failed now and then in CI on steps that pass everywhere
 * else. Seen with `ps -eLo pid,tid,ni,pcpu,comm` during a run.
 *
 * Returns the executable to launch: as root, a wrapper in `dir` that starts Chromium without
 * the CAP_SYS_NICE capability, so it runs at the same priority as for anyone else; otherwise
 * the Chromium path itself.
 * @param {string} chromiumPath
 * @param {string} dir a folder that lives as long as the test run
 * @param {NormalPriorityDeps} [deps]
 * @returns {string}
 */
export function chromiumAtNormalPriority(
  chromiumPath,
  dir,
  {
    uid = () => process.getuid?.(),
    exists = existsSync,
    writeExecutable = writeExecutableAtomically,
  } = {},
) {
  if (uid() !== 0 || !exists(SETPRIV)) return chromiumPath;
  const wrapper = path.join(dir, 'chromium-at-normal-priority.sh');
  writeExecutable(
    wrapper,
    [
      '#!/bin/sh',
      '# Written by scripts/chromium-at-normal-priority.mjs: Chromium without CAP_SYS_NICE.',
      `exec ${SETPRIV} --bounding-set -sys_nice -- ${shellQuote(chromiumPath)} "$@"`,
      '',
    ].join('\n'),
  );
  return wrapper;
}

/** @param {string} value */
function shellQuote(value) {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The config is loaded by the runner and again by every worker, each writing the same file: a
 * rename replaces it whole, so no worker ever starts a browser from a half-written wrapper.
 * @param {string} file
 * @param {string} text
 */
function writeExecutableAtomically(file, text) {
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, text, { mode: 0o755 });
  renameSync(partial, file);
}

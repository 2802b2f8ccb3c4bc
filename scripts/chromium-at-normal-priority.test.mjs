import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETPRIV, chromiumAtNormalPriority } from './chromium-at-normal-priority.mjs';

const CAP_SYS_NICE = 23;

/** @type {string[]} */
const folders = [];
function newFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'chromium-priority-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('chromiumAtNormalPriority', () => {
  it('launches Chromium itself when not root: it cannot raise its priority then', () => {
    const written = [];
    const launched = chromiumAtNormalPriority('/usr/bin/chromium', '/run', {
      uid: () => 1000,
      exists: () => true,
      writeExecutable: (file) => written.push(file),
    });
    expect(launched).toBe('/usr/bin/chromium');
    expect(written).toEqual([]);
  });

  it('launches Chromium itself where setpriv is missing', () => {
    const launched = chromiumAtNormalPriority('/usr/bin/chromium', '/run', {
      uid: () => 0,
      exists: () => false,
      writeExecutable: () => {
        throw new Error('no wrapper without setpriv');
      },
    });
    expect(launched).toBe('/usr/bin/chromium');
  });

  it('as root, writes a wrapper that drops CAP_SYS_NICE before starting Chromium', () => {
    const written = new Map();
    const launched = chromiumAtNormalPriority("/opt/it's/chrome", '/run', {
      uid: () => 0,
      exists: (file) => file === SETPRIV,
      writeExecutable: (file, text) => written.set(file, text),
    });
    expect(launched).toBe('/run/chromium-at-normal-priority.sh');
    expect(written.get(launched)).toContain(
      `exec ${SETPRIV} --bounding-set -sys_nice -- '/opt/it'\\''s/chrome' "$@"`,
    );
  });

  const canDropCapabilities = process.getuid?.() === 0 && existsSync(SETPRIV);
  it.skipIf(!canDropCapabilities)(
    'the wrapper runs the browser without CAP_SYS_NICE in its effective set, arguments intact',
    () => {
      const folder = newFolder();
      // A stand-in browser that reports its capabilities and arguments.
      const browser = path.join(folder, "fake 'chromium'");
      const report =
        '#!/bin/sh\ngrep CapEff /proc/self/status\nfor arg in "$@"; do echo "arg:[$arg]"; done\n';
      writeFileSync(browser, report, { mode: 0o755 });
      const wrapper = chromiumAtNormalPriority(browser, folder);
      expect(readFileSync(wrapper, 'utf8')).toMatch(/^#!\/bin\/sh\n/);

      const output = execFileSync(wrapper, ['--headless', 'a b'], { encoding: 'utf8' });
      const effective = BigInt(`0x${/CapEff:\s*([0-9a-f]+)/.exec(output)?.[1]}`);
      expect(effective & (1n << BigInt(CAP_SYS_NICE))).toBe(0n);
      // One line per argument: an argument with a space arrives whole.
      expect(output.match(/^arg:.*$/gm)).toEqual(['arg:[--headless]', 'arg:[a b]']);
    },
  );
});

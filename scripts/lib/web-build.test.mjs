import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEB_BUILD_MARKER, webBuildStatus } from './web-build.mjs';

let root = '';

/** Creates a file whose modification time is `secondsAgo` in the past. */
function file(relative, secondsAgo) {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'web-build-test-'));
  file('apps/web/src/main.tsx', 100);
  file('apps/web/index.html', 100);
  file('packages/contract/src/site-config.ts', 100);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('webBuildStatus', () => {
  it('asks for a build when there is none', () => {
    expect(webBuildStatus(root)).toEqual({ stale: true, reason: 'no build yet' });
  });

  it('is up to date when the build is newer than every source', () => {
    file(WEB_BUILD_MARKER, 10);
    expect(webBuildStatus(root).stale).toBe(false);
  });

  it.each([
    'apps/web/src/features/home/home-screen.tsx',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public/robots.txt',
    'packages/contract/src/site-config.ts',
  ])('rebuilds when %s changed after the build', (source) => {
    file(WEB_BUILD_MARKER, 10);
    file(source, 1);
    expect(webBuildStatus(root)).toEqual({
      stale: true,
      reason: `${source} changed since the last build`,
    });
  });

  it('ignores test files, which are not part of the bundle', () => {
    file(WEB_BUILD_MARKER, 10);
    file('apps/web/src/lib/loading-store.test.ts', 1);
    file('packages/contract/src/site-config.test.ts', 1);
    expect(webBuildStatus(root).stale).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { SYSTEM_CHROMIUM, findChromium, missingChromiumMessage } from './find-chromium.mjs';

const PLAYWRIGHT_CHROMIUM = '/home/me/.cache/ms-playwright/chromium-1/chrome-linux/chrome';

/** @param {string[]} present */
function deps(present, env = {}) {
  return {
    env,
    exists: (/** @type {string} */ file) => present.includes(file),
    playwrightChromium: () => PLAYWRIGHT_CHROMIUM,
  };
}

describe('findChromium', () => {
  it('prefers the system Chromium', () => {
    expect(findChromium(deps([SYSTEM_CHROMIUM, PLAYWRIGHT_CHROMIUM]))).toEqual({
      path: SYSTEM_CHROMIUM,
      source: 'system',
    });
  });

  it("falls back to Playwright's own download", () => {
    expect(findChromium(deps([PLAYWRIGHT_CHROMIUM]))).toEqual({
      path: PLAYWRIGHT_CHROMIUM,
      source: 'Playwright',
    });
  });

  it('finds nothing when neither is installed', () => {
    expect(findChromium(deps([]))).toBeNull();
    expect(missingChromiumMessage({})).toMatch(
      /^No Chromium found: install it with `apt-get install -y chromium`/,
    );
  });

  it('survives a platform Playwright has no browser for', () => {
    const noBuild = {
      ...deps([]),
      playwrightChromium: () => {
        throw new Error('unsupported platform');
      },
    };
    expect(findChromium(noBuild)).toBeNull();
  });

  it('uses CHROMIUM_PATH when set, and only that', () => {
    const env = { CHROMIUM_PATH: '/opt/chrome/chrome' };
    expect(findChromium(deps(['/opt/chrome/chrome', SYSTEM_CHROMIUM], env))).toEqual({
      path: '/opt/chrome/chrome',
      source: 'CHROMIUM_PATH',
    });
    expect(findChromium(deps([SYSTEM_CHROMIUM], env))).toBeNull();
    expect(missingChromiumMessage(env)).toContain('CHROMIUM_PATH is set to /opt/chrome/chrome');
  });
});

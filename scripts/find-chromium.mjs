// @ts-check
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** The distribution's Chromium (Debian/Ubuntu `apt-get install chromium`), preferred when present. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * @typedef {object} ChromiumFound
 * @property {string} path
 * @property {string} source where it came from, for messages
 */

/**
 * @typedef {object} FindChromiumDeps
 * @property {NodeJS.ProcessEnv} [env]
 * @property {(file: string) => boolean} [exists]
 * @property {() => string} [playwrightChromium] the path Playwright would use for its own download
 */

/**
 * Which Chromium the end-to-end tests drive: CHROMIUM_PATH when set (it must exist), else the
 * system one, else a browser installed with `npx playwright install chromium`. Shared by
 * `check-chromium.mjs` and the Playwright config so both always agree.
 * @param {FindChromiumDeps} [deps]
 * @returns {ChromiumFound | null}
 */
export function findChromium({
  env = process.env,
  exists = existsSync,
  playwrightChromium = () => chromium.executablePath(),
} = {}) {
  const override = env.CHROMIUM_PATH?.trim();
  if (override) return exists(override) ? { path: override, source: 'CHROMIUM_PATH' } : null;

  if (exists(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, source: 'system' };

  let bundled = '';
  try {
    bundled = playwrightChromium();
  } catch {
    // Playwright throws on platforms it has no build for; then there is nothing to find here.
  }
  if (bundled && exists(bundled)) return { path: bundled, source: 'Playwright' };
  return null;
}

/**
 * What to tell someone whose machine has no Chromium.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function missingChromiumMessage(env = process.env) {
  const override = env.CHROMIUM_PATH?.trim();
  if (override)
    return `No Chromium found: CHROMIUM_PATH is set to ${override}, which does not exist.`;
  return [
    'No Chromium found: install it with `apt-get install -y chromium` (Debian/Ubuntu, as root),',
    "or with Playwright's own download: `npx playwright install chromium`,",
    'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  ].join('\n');
}

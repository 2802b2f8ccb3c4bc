// @ts-check
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the built SPA is made from, relative to the repository root. */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  // Vite reads VITE_* settings from these when present.
  'apps/web/.env',
  'apps/web/.env.local',
  'apps/web/.env.production',
  'apps/web/.env.production.local',
  'packages/contract/src',
];

// Written last by `npm run build` (the prerenderer after the browser build), so a build that
// stopped half-way counts as missing.
export const WEB_BUILD_MARKER = 'apps/web/dist/server/render-page.js';

/**
 * Decides whether `npm start` must rebuild the web app: the build's last file is missing, or a source
 * file is newer than it. Tests do not end up in the bundle, so editing one does not force a build.
 * @param {string} rootDir
 * @returns {{ stale: boolean, reason: string }}
 */
export function webBuildStatus(rootDir) {
  const builtAt = mtimeOf(path.join(rootDir, WEB_BUILD_MARKER));
  if (builtAt === null) return { stale: true, reason: 'no build yet' };

  for (const source of WEB_SOURCES) {
    const newer = findNewerFile(path.join(rootDir, source), builtAt);
    if (newer)
      return {
        stale: true,
        reason: `${path.relative(rootDir, newer)} changed since the last build`,
      };
  }
  return { stale: false, reason: 'up to date' };
}

/**
 * @param {string} file
 * @returns {number | null}
 */
function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Depth-first search for the first source file modified after `since`.
 * @param {string} entry
 * @param {number} since
 * @returns {string | null}
 */
function findNewerFile(entry, since) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return null; // optional sources such as public/ may not exist
  }
  if (stats.isFile()) return !isTestFile(entry) && stats.mtimeMs > since ? entry : null;
  if (!stats.isDirectory()) return null;

  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const found = findNewerFile(path.join(entry, name), since);
    if (found) return found;
  }
  return null;
}

/** @param {string} file */
function isTestFile(file) {
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(file);
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
/** Data blocks (`application/json`, `application/ld+json`) never run, so need no allowance. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * CSP hash sources (`'sha256-…'`) of the inline scripts in a page: index.html has one, the
 * check that hides the prerendered screen before the first paint when the address is a deep
 * link. Hashes, not 'unsafe-inline': only that exact script may run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = TYPE.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The hashes for the built index.html in `distDir`; none when the app is not built. */
export function readInlineScriptHashes(distDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

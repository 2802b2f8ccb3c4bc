import { gzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The home screen's first bundle: the entry script, what it imports statically, and the home
 * route's chunk with its own static imports. Firebase, analytics and chat code must stay out of
 * it (they load on demand), and it must stay small enough for a phone on a slow network.
 */
const FIRST_BUNDLE_GZIP_BUDGET = 115 * 1024;
const FORBIDDEN = [
  { what: 'the Firebase SDK', pattern: /@firebase\/|FirebaseError|identitytoolkit/ },
  { what: 'Google Analytics', pattern: /googletagmanager|gtag\/js|google-analytics/ },
  { what: 'the live-chat embed', pattern: /tawk|Live chat loaded/ },
];

async function text(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** `import … from"./x.js"` and `import"./x.js"` (static), as Vite emits them. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1] ?? '');
}

async function closure(request: APIRequestContext, roots: string[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (files.has(file)) continue;
    const code = await text(request, `/assets/${file}`);
    files.set(file, code);
    queue.push(...staticImports(code));
  }
  return files;
}

test('the home screen first bundle holds no Firebase, analytics or chat code, within budget', async ({
  request,
}) => {
  const html = await text(request, '/');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the entry script in index.html').toBeTruthy();
  const entryFiles = await closure(request, [entry ?? '']);
  const homeChunk = /import\("\.\/(home-screen-[\w-]+\.js)"\)/.exec(
    entryFiles.get(entry ?? '') ?? '',
  )?.[1];
  expect(homeChunk, 'the home route chunk, imported on demand by the entry').toBeTruthy();
  const files = await closure(request, [...entryFiles.keys(), homeChunk ?? '']);

  for (const [file, code] of files) {
    for (const { what, pattern } of FORBIDDEN) {
      expect(pattern.test(code), `${file} contains ${what}`).toBe(false);
    }
  }
  const gzipBytes = [...files.values()].reduce((sum, code) => sum + gzipSync(code).length, 0);
  expect(gzipBytes).toBeLessThan(FIRST_BUNDLE_GZIP_BUDGET);
});

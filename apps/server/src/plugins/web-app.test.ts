import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfigSchema } from '@unban/contract/client-config';
import type { ChatConfig } from '@unban/contract/client-config';
import type { DatabaseHandle } from '../db/client';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';

const chat: ChatConfig = { host: 'https://embed.tawk.to', siteId: 'site-9', widgetId: 'widget-9' };

// As the web build writes it: build-time defaults in the block, which the server replaces.
const indexHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Unban your WhatsApp</title>
<script type="application/json" id="client-config">{"chat":null,"firebase":null,"authEmulatorUrl":null,"analyticsConsentRequired":true,"marker":"BUILD_TIME"}</script>
<script type="module" src="/assets/app-abc123.js"></script>
</head><body><div id="root"></div><!-- ${'padding '.repeat(200)} --></body></html>`;

const appJs = `export const messages = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `message ${index}`))};\n`;

function readConfigBlock(html: string): unknown {
  const match = /<script type="application\/json" id="client-config">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match?.[1]) throw new Error('no client-config block in the page');
  return JSON.parse(match[1]);
}

describe('web app', () => {
  let distDir: string;
  let database: DatabaseHandle;
  let subject: TestApp;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'unban-web-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), indexHtml);
    await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), appJs);
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    database = await createTestDatabase();
    subject = await createTestApp({ database, config: { webDistDir: distDir, chat } });
  });
  afterAll(async () => {
    await subject?.close();
    await database?.close();
    if (distDir) await rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html at / and /index.html with the runtime configuration, revalidated on every load', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await subject.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain('https://embed.tawk.to');
      expect(clientConfigSchema.strict().parse(readConfigBlock(response.payload))).toEqual({
        chat,
        firebase: null,
        authEmulatorUrl: null,
        analyticsConsentRequired: true,
      });
      expect(response.payload).toContain('<title>Unban your WhatsApp</title>');
    }
  });

  it('answers a repeated load with 304 when the page has not changed', async () => {
    const first = await subject.app.inject({ method: 'GET', url: '/' });
    const etag = first.headers.etag;
    expect(etag).toBeTypeOf('string');
    const second = await subject.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.payload).toBe('');
  });

  it('never serves the build-time copy of index.html', async () => {
    for (const url of ['/assets/../index.html', '/./index.html', '/index.html?raw=1']) {
      const response = await subject.app.inject({ method: 'GET', url });
      expect(response.payload).not.toContain('BUILD_TIME');
    }
  });

  it('caches hashed build files for a year', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.payload).toBe(appJs);
  });

  it('revalidates other files at the root of the build', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses with brotli or gzip, as the browser accepts', async () => {
    const brotli = await subject.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(appJs);

    const gzip = await subject.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(readConfigBlock(gunzipSync(gzip.rawPayload).toString())).toMatchObject({ chat });

    const api = await subject.app.inject({
      method: 'GET',
      url: '/api/client-config',
      headers: { 'accept-encoding': 'br' },
    });
    // Small JSON is not worth compressing.
    expect(api.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 for files that are not in the build', async () => {
    for (const url of ['/assets/app-000000.js', '/requests', '/assets/']) {
      const response = await subject.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('web app not built', () => {
  it('still starts, and explains at / that the web app must be built', async () => {
    const emptyDir = await mkdtemp(path.join(os.tmpdir(), 'unban-web-empty-'));
    const subject = await createTestApp({ config: { webDistDir: emptyDir } });
    try {
      const page = await subject.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(page.payload).toContain('npm run build');
      const health = await subject.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await subject.close();
      await rm(emptyDir, { recursive: true, force: true });
    }
  });
});

describe('web app with a prerenderer', () => {
  // A stand-in for dist/server/render-page.js: it marks each document with its page.
  const prerenderer = `export const prerenderedPages = [{ path: '/' }, { path: '/terms' }];
export async function renderDocument(template, path, siteUrl) {
  return template.replace('<div id="root"></div>', '<div id="root"><h1>' + path + ' at ' + siteUrl + '</h1></div>');
}
`;
  const deepLinkCheck = "document.documentElement.classList.add('deep-link')";
  const template = indexHtml.replace('</head>', `<script>${deepLinkCheck}</script></head>`);

  it('serves each page as its own rendered document, robots.txt and a sitemap, and allows the inline script by hash', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'unban-web-prerendered-'));
    await mkdir(path.join(dir, 'server'));
    await writeFile(path.join(dir, 'index.html'), template);
    await writeFile(path.join(dir, 'server', 'render-page.js'), prerenderer);
    const subject = await createTestApp({ config: { webDistDir: dir } });
    try {
      const home = await subject.app.inject({ method: 'GET', url: '/' });
      expect(home.payload).toMatch(/<h1>\/ at http[^<]+<\/h1>/);
      const terms = await subject.app.inject({ method: 'GET', url: '/terms' });
      expect(terms.statusCode).toBe(200);
      expect(terms.payload).toContain('<h1>/terms at ');
      expect(readConfigBlock(terms.payload)).toMatchObject({ chat: null });

      const hash = createHash('sha256').update(deepLinkCheck).digest('base64');
      const scriptSrc = /script-src ([^;]*)/.exec(String(home.headers['content-security-policy']));
      expect(scriptSrc?.[1]).toContain(`'sha256-${hash}'`);
      expect(scriptSrc?.[1]).not.toContain('unsafe-inline');

      const sitemap = await subject.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(sitemap.payload).toMatch(/<loc>http[^<]+\/terms<\/loc>/);
      const robots = await subject.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.payload).toContain('Sitemap: ');

      // The prerenderer is code for the server, not a file for browsers.
      const code = await subject.app.inject({ method: 'GET', url: '/server/render-page.js' });
      expect(code.statusCode).toBe(404);
    } finally {
      await subject.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

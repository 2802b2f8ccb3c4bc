#!/usr/bin/env node
// @ts-check
// `npm run bench:web`: Lighthouse (mobile, simulated throttling, the machine's Chromium) on
// the product's home, terms, ban-check and payment-status screens as `npm start` serves them,
// and on a static snapshot of the same rendered home document with every script removed: the
// limit the product's home is measured against. The targets alternate, run after run, so a busy
// moment of the machine hurts all of them alike; the medians are printed.
//
//   BENCH_WEB_RUNS   runs per target (default 3, at least 3)
//   BENCH_WEB_PORT   the product's port (default 8890; the static snapshot uses PORT+1, the
//                    Auth emulator PORT+1019..1021, as with npm start)
//   BENCH_WEB_SAVE   a folder to keep every run's Lighthouse report in (JSON), to read the
//                    LCP breakdown, the main-thread work and the network waterfall of a run
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium, missingChromiumMessage } from './find-chromium.mjs';
import { PORT_OFFSETS } from './lib/start-options.mjs';
import { startGroup } from './lib/start-group.mjs';
import { waitForHttp } from './lib/wait-for-http.mjs';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Math.max(3, Number(process.env.BENCH_WEB_RUNS ?? 3));
const APP_PORT = Number(process.env.BENCH_WEB_PORT ?? 8890);
const STATIC_PORT = APP_PORT + 1;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SAVE_DIR = process.env.BENCH_WEB_SAVE ? path.resolve(process.env.BENCH_WEB_SAVE) : null;

/** A real order, so the payment-status screen shows a real payment (unpaid, with its token). */
async function createOrder(base) {
  const signUp = await fetch(
    `http://127.0.0.1:${APP_PORT + PORT_OFFSETS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  if (!signUp.ok) throw new Error(`Auth emulator sign-up failed: ${signUp.status}`);
  const { idToken } = /** @type {{ idToken: string }} */ (await signUp.json());
  const response = await fetch(`${base}/api/requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({
      messagingApp: 'whatsapp',
      phone: '+12025550143',
      accountType: 'personal',
      device: 'android',
      banMessage: 'This account is not allowed to use WhatsApp due to spam.',
      bannedAt: 'this_week',
      usage: 'Family and work chats',
      contactEmail: 'bench@example.com',
      plan: 'standard',
      ownsNumber: true,
      acceptsTerms: true,
    }),
  });
  if (response.status !== 201)
    throw new Error(`POST /api/requests answered ${response.status}: ${await response.text()}`);
  return /** @type {{ reference: string, statusToken: string }} */ (await response.json());
}

/**
 * The limit: the home document exactly as the product serves it, minus every script (so no
 * framework, no hydration), with its stylesheet and images served from the same build.
 * @param {string} html
 */
function startStaticSnapshot(html) {
  const snapshot = html.replace(
    /<script\b(?![^>]*type="application\/(?:ld\+)?json")[\s\S]*?<\/script>/g,
    '',
  );
  const distDir = path.join(rootDir, 'apps/web/dist');
  const types = {
    '.css': 'text/css',
    '.png': 'image/png',
    '.svg': 'image/svg+xml',
    '.webmanifest': 'application/manifest+json',
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(snapshot);
      return;
    }
    const file = path.join(distDir, path.normalize(url.pathname));
    const type = types[/** @type {keyof typeof types} */ (path.extname(file))];
    if (!file.startsWith(distDir) || !type) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(STATIC_PORT, '127.0.0.1', () => resolve(server)));
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One Lighthouse run. A run whose trace Chrome failed to record (NO_NAVSTART and the like) is
 * no measurement at all: it is run again, at most twice, and said so.
 * @param {string} url @param {number} port @param {string} saveAs the report's file name
 */
async function audit(url, port, saveAs, attempt = 1) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) {
    if (attempt >= 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.log(`  (${url}: ${lhr.runtimeError.code}, run again)`);
    return audit(url, port, saveAs, attempt + 1);
  }
  if (SAVE_DIR) {
    mkdirSync(SAVE_DIR, { recursive: true });
    writeFileSync(path.join(SAVE_DIR, saveAs), JSON.stringify(lhr, null, 1));
  }
  const value = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    bytes: value('total-byte-weight'),
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    failing: CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}:${ref.id}`),
    ),
  };
}

async function main() {
  const chromium = findChromium();
  if (!chromium) throw new Error(missingChromiumMessage());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'unban-bench-web-'));
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PORT: String(APP_PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // The product as a new visitor meets it with `npm start`: no chat, no analytics.
  for (const name of ['CHAT_SITE_ID', 'CHAT_WIDGET_ID', 'FIREBASE_MEASUREMENT_ID'])
    delete env[name];
  const product = startGroup(process.execPath, ['scripts/start.mjs'], env);
  const base = `http://127.0.0.1:${APP_PORT}`;
  /** @type {import('node:http').Server | undefined} */
  let staticServer;
  /** @type {chromeLauncher.LaunchedChrome | undefined} */
  let chrome;
  try {
    const ready = await waitForHttp(`${base}/api/health`, {
      timeoutMs: 240_000,
      giveUp: product.hasExited,
    });
    if (!ready) throw new Error('The product stopped during start-up (see its output above)');
    const order = await createOrder(base);
    const home = await (await fetch(`${base}/`)).text();
    staticServer = await startStaticSnapshot(home);

    const targets = [
      { name: 'home', url: `${base}/` },
      { name: 'static home (limit)', url: `http://127.0.0.1:${STATIC_PORT}/` },
      { name: 'terms', url: `${base}/terms` },
      { name: 'ban-check', url: `${base}/ban-check` },
      {
        name: 'payment-status',
        // Where the checkout sends customers back (and the e-mails link): the server-rendered
        // document, not the hash route (which still works, behind the home document).
        url: `${base}/payment-status?${new URLSearchParams({ order: order.reference, token: order.statusToken })}`,
      },
    ];
    chrome = await chromeLauncher.launch({
      chromePath: chromium.path,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    /** @type {Map<string, Awaited<ReturnType<typeof audit>>[]>} */
    const results = new Map(targets.map((target) => [target.name, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const target of targets) {
        const saveAs = `${target.name.replace(/\W+/g, '-')}-${run}.json`;
        const result = await audit(target.url, chrome.port, saveAs);
        results.get(target.name)?.push(result);
        console.log(
          `run ${run}/${RUNS} ${target.name}: LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, performance ${result.scores.performance}`,
        );
      }
    }

    console.log(`\nLighthouse ${RUNS} runs per target, medians (mobile, simulated throttling):\n`);
    const header = ['target', 'LCP ms', 'FCP ms', 'TBT ms', 'KB', 'perf', 'a11y', 'best', 'seo'];
    const rows = targets.map(({ name }) => {
      const runs = results.get(name) ?? [];
      const med = (/** @type {(r: (typeof runs)[number]) => number} */ pick) =>
        median(runs.map(pick));
      return [
        name,
        Math.round(med((r) => r.lcp)),
        Math.round(med((r) => r.fcp)),
        Math.round(med((r) => r.tbt)),
        (med((r) => r.bytes) / 1024).toFixed(1),
        ...CATEGORIES.map((id) => med((r) => r.scores[id] ?? 0)),
      ].map(String);
    });
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
    );
    for (const row of [header, ...rows]) {
      console.log(
        row
          .map((cell, column) =>
            cell
              .padStart(column === 0 ? 0 : (widths[column] ?? 0))
              .padEnd(column === 0 ? (widths[0] ?? 0) : 0),
          )
          .join('  '),
      );
    }
    const lcp = (/** @type {string} */ name) => median((results.get(name) ?? []).map((r) => r.lcp));
    console.log(
      `\nhome LCP / static LCP: ${(lcp('home') / lcp('static home (limit)')).toFixed(2)}x`,
    );
    for (const { name } of targets) {
      const failing = [...new Set((results.get(name) ?? []).flatMap((r) => r.failing))];
      if (failing.length > 0)
        console.log(`${name}: audits below full score in some run: ${failing.join(', ')}`);
    }
  } finally {
    await chrome?.kill();
    staticServer?.close();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

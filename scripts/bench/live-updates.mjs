// @ts-check
// Live updates under load (`npm run bench:live`, and the last part of `npm run bench`): how
// long an operator's move, made through the real back-office API, takes to reach the
// customer's open stream (GET /api/live/events), p50 / p95 / max over TRANSITIONS moves,
// while OPEN_STREAMS customer streams (one per customer, each with its own ticket) are held
// open on the same server. The product runs as `npm start` runs it, with the rate limits
// lifted, on the embedded database and, when one answers, on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PORT_OFFSETS } from '../lib/start-options.mjs';
import { startGroup } from '../lib/start-group.mjs';
import { waitForHttp } from '../lib/wait-for-http.mjs';
import { operatorToken } from './operator-token.mjs';
import { percentile } from './steady-latency.mjs';

const APP_PORT = Number(process.env.BENCH_LIVE_PORT ?? 8590);
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OPEN_STREAMS = 1_000;
const TRANSITIONS = 240;
/** Cases the moves go round (each its own customer among the open streams). */
const MOVED_CASES = 5;
const EVENT_TIMEOUT_MS = 10_000;
const NO_LIMIT = '100000000';

const orderBody = JSON.stringify({
  messagingApp: 'whatsapp',
  phone: '+12025550143',
  accountType: 'personal',
  device: 'android',
  banMessage: 'This account is not allowed to use WhatsApp due to spam.',
  bannedAt: 'this_week',
  usage: 'Family and work chats',
  contactEmail: 'bench-live@example.com',
  plan: 'standard',
  ownsNumber: true,
  acceptsTerms: true,
});

/**
 * @typedef {object} LiveResult
 * @property {string} label
 * @property {number} streams streams held open during the moves (and still open after them)
 * @property {number} moves moves measured
 * @property {number} missed moves whose event did not arrive within EVENT_TIMEOUT_MS
 * @property {number} p50 @property {number} p95 @property {number} max milliseconds
 */

/** @param {NodeJS.ProcessEnv} env */
function startProduct(env) {
  return startGroup(process.execPath, ['scripts/start.mjs'], env);
}

/** @param {string} url @param {RequestInit} [init] */
async function fetchJson(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** @param {number} authPort */
async function anonymousToken(authPort) {
  const body = await fetchJson(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  return /** @type {string} */ (body.idToken);
}

/**
 * Runs `work` over `items`, `width` at a time.
 * @template T, R @param {T[]} items @param {number} width @param {(item: T) => Promise<R>} work
 */
async function inBatches(items, width, work) {
  /** @type {R[]} */
  const results = [];
  for (let index = 0; index < items.length; index += width) {
    results.push(...(await Promise.all(items.slice(index, index + width).map(work))));
  }
  return results;
}

/**
 * One customer stream: calls `onEvent(name, data)` for each event; resolves once the server
 * has accepted it. @param {string} url @param {http.Agent} agent
 * @param {(event: string, data: any) => void} onEvent
 */
function openStream(url, agent, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let open = true;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let boundary = buffer.indexOf('\n\n');
          while (boundary !== -1) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            boundary = buffer.indexOf('\n\n');
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) onEvent(event, JSON.parse(data));
          }
        });
        response.on('close', () => (open = false));
        resolve({ isOpen: () => open, close: () => request.destroy() });
      },
    );
    request.on('error', reject);
  });
}

/** @param {string} label @param {string | null} databaseUrl @returns {Promise<LiveResult>} */
async function benchOne(label, databaseUrl) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'unban-bench-live-'));
  const base = `http://127.0.0.1:${APP_PORT}`;
  const product = startProduct({
    ...process.env,
    PORT: String(APP_PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    REQUEST_QUOTA_PER_USER_PER_HOUR: NO_LIMIT,
    REQUEST_QUOTA_PER_IP_PER_HOUR: NO_LIMIT,
    CHAT_SITE_ID: '',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  /** @type {{ isOpen(): boolean, close(): void }[]} */
  let streams = [];
  try {
    const ready = await waitForHttp(`${base}/api/health`, {
      timeoutMs: 120_000,
      giveUp: product.hasExited,
    });
    if (!ready) throw new Error(`${label}: the product stopped during start-up (see above)`);
    const authPort = APP_PORT + PORT_OFFSETS.auth;
    const operator = { authorization: `Bearer ${await operatorToken(authPort, base)}` };

    // One customer per stream: a stream covers its owner's cases, at most 5 per owner.
    const customers = await inBatches(
      Array.from({ length: OPEN_STREAMS }, (_, index) => index),
      25,
      async () => ({ authorization: `Bearer ${await anonymousToken(authPort)}` }),
    );

    // The first MOVED_CASES customers order and pay (the sandbox's Pay button).
    const cases = await inBatches(customers.slice(0, MOVED_CASES), 1, async (customer) => {
      const created = await fetchJson(`${base}/api/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...customer },
        body: orderBody,
      });
      const checkout = new URL(created.checkoutUrl);
      const paid = await fetch(`${base}${checkout.pathname}/pay${checkout.search}`, {
        method: 'POST',
        headers: { origin: base },
        redirect: 'manual',
      });
      if (paid.status !== 303) throw new Error(`the sandbox refused to pay: ${paid.status}`);
      // The sandbox sends its signed event to the server's own webhook: wait for it.
      let detail;
      for (let tries = 0; ; tries += 1) {
        detail = await fetchJson(`${base}/api/admin/requests/${created.id}`, { headers: operator });
        if (detail.caseState === 'queued') break;
        if (tries > 100) throw new Error(`case ${created.id} stays ${detail.caseState}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return {
        id: /** @type {string} */ (created.id),
        version: /** @type {number} */ (detail.version),
      };
    });

    /** @type {Map<string, (at: number) => void>} request id + version → its waiter */
    const waiting = new Map();
    const onEvent = (/** @type {string} */ event, /** @type {any} */ data) => {
      if (event !== 'case-change') return;
      const at = performance.now();
      waiting.get(`${data.requestId}:${data.version}`)?.(at);
    };
    streams = await inBatches(customers, 50, async (customer) => {
      const { ticket } = await fetchJson(`${base}/api/live/tickets`, {
        method: 'POST',
        headers: customer,
      });
      return openStream(
        `${base}/api/live/events?ticket=${encodeURIComponent(ticket)}`,
        agent,
        onEvent,
      );
    });

    /** @type {number[]} */
    const delays = [];
    let missed = 0;
    /** @type {Map<string, 'queued' | 'in_review' | 'needs_info'>} */
    const states = new Map(cases.map((item) => [item.id, 'queued']));
    for (let move = 0; move < TRANSITIONS; move += 1) {
      const item = cases[move % cases.length];
      if (!item) break;
      const to = states.get(item.id) === 'in_review' ? 'needs_info' : 'in_review';
      const body =
        to === 'needs_info'
          ? { to, expectedVersion: item.version, messageToCustomer: 'Which e-mail did you use?' }
          : { to, expectedVersion: item.version };
      // The move bumps the version by one; its event names the new version.
      const key = `${item.id}:${item.version + 1}`;
      const started = performance.now();
      const arrived = new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), EVENT_TIMEOUT_MS);
        waiting.set(key, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const moved = await fetchJson(`${base}/api/admin/requests/${item.id}/transitions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...operator },
        body: JSON.stringify(body),
      });
      const at = await arrived;
      waiting.delete(key);
      if (typeof at === 'number') delays.push(at - started);
      else missed += 1;
      item.version = moved.version;
      states.set(item.id, to);
    }
    const sorted = delays.sort((a, b) => a - b);
    const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;
    return {
      label,
      streams: streams.filter((stream) => stream.isOpen()).length,
      moves: TRANSITIONS,
      missed,
      p50: round(percentile(sorted, 0.5)),
      p95: round(percentile(sorted, 0.95)),
      max: round(sorted.at(-1) ?? NaN),
    };
  } finally {
    for (const stream of streams) stream.close();
    agent.destroy();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresAnswers() {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** @param {string} sql */
async function postgresAdmin(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** @param {LiveResult[]} results */
function report(results) {
  const header = [
    `live update: operator move → customer stream (${OPEN_STREAMS} streams open)`,
    'moves',
    'missed',
    'p50',
    'p95',
    'max',
    'streams open after',
  ];
  const rows = results.map((r) => [
    r.label,
    String(r.moves),
    String(r.missed),
    `${r.p50} ms`,
    `${r.p95} ms`,
    `${r.max} ms`,
    String(r.streams),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  console.log(
    `Load average (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
}

/**
 * Measures on PGlite and, when a server answers, on PostgreSQL (`BENCH_ONLY=pglite` or
 * `postgres` for one of them, as `npm run bench` reads it); prints one table.
 */
export async function runLiveUpdatesBench() {
  const only = process.env.BENCH_ONLY ?? '';
  /** @type {LiveResult[]} */
  const results = [];
  if (only !== 'postgres') results.push(await benchOne('PGlite (embedded)', null));
  if (only === 'pglite') {
    // Measured on PGlite only, as asked.
  } else if (await postgresAnswers()) {
    const database = `unban_bench_live_${Date.now()}`;
    await postgresAdmin(`create database ${database}`);
    try {
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${database}`;
      results.push(await benchOne('PostgreSQL', url.toString()));
    } finally {
      await postgresAdmin(`drop database if exists ${database} with (force)`);
    }
  } else {
    console.log(
      `No PostgreSQL server answers at ${POSTGRES_ADMIN_URL}: live updates on PGlite only.`,
    );
  }
  report(results);
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runLiveUpdatesBench();
}

#!/usr/bin/env node
// @ts-check
// `npm run bench`: throughput and latency of the API on this machine, with the embedded
// database (PGlite) and, when one answers on 127.0.0.1:5432, a PostgreSQL server, next to a
// bare Fastify "hello" route measured in the same run. The back-office queue is measured over
// 100,000 seeded requests (first page, a filtered page, a search) as the seeded operator.
// The product runs exactly as `npm start` runs it (scripts/start.mjs: Auth emulator +
// server), with the rate limits lifted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { measure } from './bench/load.mjs';
import { runLiveUpdatesBench } from './bench/live-updates.mjs';
import { PORT_OFFSETS } from './lib/start-options.mjs';
import { waitForHttp } from './lib/wait-for-http.mjs';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const HELLO_PORT = 8790;
const APP_PORT = 8690;
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STATUS_SAMPLE = 200;
const QUEUE_SIZE = 100_000;
const OPERATOR = { email: 'operator@unban.local', password: 'operator-password' };
const NO_LIMIT = '100000000';

/** One valid order, as the form sends it (the server sets the price). */
const orderBody = JSON.stringify({
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
});

/**
 * Starts a child in its own process group and returns a stop function for the whole group.
 * @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} env
 */
function startGroup(command, args, env) {
  const child = spawn(command, args, {
    cwd: rootDir,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let hasExited = false;
  /** @type {Promise<number | null>} the exit code */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code))).then(
    (code) => {
      hasExited = true;
      return /** @type {number | null} */ (code);
    },
  );
  return {
    exited,
    hasExited: () => hasExited,
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      process.kill(-child.pid, 'SIGTERM');
      const timeout = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
      await exited;
      clearTimeout(timeout);
    },
  };
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

/** A real (emulator) ID token of a new anonymous user. @param {number} authPort */
async function anonymousToken(authPort) {
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`Auth emulator sign-up failed: ${response.status}`);
  return /** @type {{ idToken: string }} */ (await response.json()).idToken;
}

/**
 * The operator account the embedded run seeds just after the server starts: signs in as it,
 * waiting for the seeding. @param {number} authPort
 */
async function operatorToken(authPort) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(
      `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...OPERATOR, returnSecureToken: true }),
      },
    );
    if (response.ok) return /** @type {{ idToken: string }} */ (await response.json()).idToken;
    if (Date.now() > deadline) throw new Error(`Operator sign-in failed: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Fills the queue before the server starts (it then owns the embedded database). @param {NodeJS.ProcessEnv} env */
async function seedQueue(env) {
  const seeding = startGroup(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/bench/seed-queue.ts', String(QUEUE_SIZE)],
    env,
  );
  const code = await seeding.exited;
  if (code !== 0) throw new Error(`Seeding the queue failed (exit code ${code}); see above.`);
}

/** @param {string} base @param {string} token */
async function createOrder(base, token) {
  const response = await fetch(`${base}/api/requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: orderBody,
  });
  if (response.status !== 201)
    throw new Error(`POST /api/requests answered ${response.status}: ${await response.text()}`);
  return /** @type {{ reference: string, statusToken: string }} */ (await response.json());
}

/** @param {'PGlite (embedded)' | 'PostgreSQL'} name @param {string | null} databaseUrl */
async function benchProduct(name, databaseUrl) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'unban-bench-'));
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PORT: String(APP_PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    REQUEST_QUOTA_PER_USER_PER_HOUR: NO_LIMIT,
    REQUEST_QUOTA_PER_IP_PER_HOUR: NO_LIMIT,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  delete env.CHAT_SITE_ID;
  await seedQueue(env);
  const product = startGroup(process.execPath, ['scripts/start.mjs'], env);
  const base = `http://127.0.0.1:${APP_PORT}`;
  try {
    const ready = await waitForHttp(`${base}/api/health`, {
      timeoutMs: 120_000,
      giveUp: product.hasExited,
    });
    if (!ready)
      throw new Error(`${name}: the product stopped during start-up (see its output above)`);
    const token = await anonymousToken(APP_PORT + PORT_OFFSETS.auth);
    const authorization = `Bearer ${token}`;

    const create = await measure(`${name}: create request`, {
      url: `${base}/api/requests`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: orderBody,
    });

    const orders = [];
    for (let index = 0; index < STATUS_SAMPLE; index += 1)
      orders.push(await createOrder(base, token));
    const statusRead = await measure(`${name}: payment status read`, {
      url: base,
      requests: orders.map((order) => ({
        method: 'GET',
        path: `/api/payments/status?order=${order.reference}&token=${order.statusToken}`,
      })),
    });

    const operator = {
      authorization: `Bearer ${await operatorToken(APP_PORT + PORT_OFFSETS.auth)}`,
    };
    const queue = (/** @type {string} */ label, /** @type {string} */ query) =>
      measure(`${name}: queue ${label}`, {
        url: `${base}/api/admin/requests${query}`,
        headers: operator,
      });
    const queueFirst = await queue('first page', '');
    const queueFiltered = await queue('filtered page', '?caseState=queued&plan=priority');
    const queueSearch = await queue('search', '?q=customer4242');
    return [create, statusRead, queueFirst, queueFiltered, queueSearch];
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchHello() {
  const hello = startGroup(
    process.execPath,
    ['scripts/bench/hello-server.mjs', String(HELLO_PORT)],
    process.env,
  );
  try {
    await waitForHttp(`http://127.0.0.1:${HELLO_PORT}/hello`, { timeoutMs: 10_000 });
    return await measure('bare Fastify hello', { url: `http://127.0.0.1:${HELLO_PORT}/hello` });
  } finally {
    await hello.stop();
  }
}

/** @param {import('./bench/load.mjs').LoadResult[]} results */
function report(results) {
  const hello = results[0];
  if (!hello) return;
  const rows = results.map((r) => [
    r.label,
    r.requestsPerSecond.toFixed(0),
    `${r.p50} ms`,
    `${r.p99} ms`,
    `${((r.requestsPerSecond / hello.requestsPerSecond) * 100).toFixed(1)}%`,
  ]);
  const header = ['scenario (50 connections, 10 s)', 'req/s', 'p50', 'p99', 'req/s vs hello'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  console.log(`\nNode ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`);
}

const results = [await benchHello()];
results.push(...(await benchProduct('PGlite (embedded)', null)));
if (await postgresAnswers()) {
  const database = `unban_bench_${Date.now()}`;
  await postgresAdmin(`create database ${database}`);
  try {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${database}`;
    results.push(...(await benchProduct('PostgreSQL', url.toString())));
  } finally {
    await postgresAdmin(`drop database if exists ${database} with (force)`);
  }
} else {
  console.log(`No PostgreSQL server answers at ${POSTGRES_ADMIN_URL}: measured PGlite only.`);
}
report(results);
// Live updates: an operator's move to a customer's open stream, with 1,000 streams open.
await runLiveUpdatesBench();

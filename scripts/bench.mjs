#!/usr/bin/env node
// @ts-check
// `npm run bench`: throughput and latency of the API's hot paths on this machine, with the
// embedded database (PGlite, 100,000 seeded requests) and, when one answers on
// 127.0.0.1:5432, a PostgreSQL server (1,000,000 seeded requests). Each hot path (payment
// status read, queue first page, filtered page, searches) is measured next to its limit: a
// bare Fastify route running exactly the same SQL on the same database
// (apps/server/src/bench/limit-server.ts), in the same run, and the table gives the ratios
// (creation too: its limit runs the same statement without the product's checks)
// and whether the goals of docs/decisions/012-hot-paths.md are met, with the CPU each server
// spent per answer (bench/process-cpu.mjs), a steadier measure than throughput on a shared machine. The product runs exactly
// as `npm start` runs it (scripts/start.mjs: Auth emulator + server), rate limits lifted.
//
// Environment: BENCH_PORT (product, 8690; its Auth emulator is BENCH_PORT + 1019),
// BENCH_HELLO_PORT (8790), BENCH_LIMIT_PORT (8791), BENCH_SECONDS (10 per row), BENCH_WARMUP_SECONDS (3 before each, not counted),
// BENCH_TURNS (5: on PostgreSQL, each row's seconds alternate between limit and product in this many turns),
// BENCH_ONLY (pglite | postgres), BENCH_ROWS (status,create,queue,figures,live), BENCH_POSTGRES_URL (an admin connection),
// BENCH_PROFILE_DIR (the product's server and the limit server write V8 CPU profiles there,
// bench/cpu-profile.mjs, and one part per row, named in the output;
// `node scripts/bench/profile-summary.mjs <dir>` lists the top self-time functions,
// `node scripts/bench/profile-diff.mjs` compares a row's two parts),
// BENCH_QUEUE_SIZE_PGLITE (100000), BENCH_QUEUE_SIZE_POSTGRES (1000000),
// BENCH_POSTGRES_DATABASE (measure on this existing, already seeded database: no seeding,
// not dropped; for repeated runs while working on a hot path).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { timeFigures } from './bench/figures.mjs';
import { runLiveUpdatesBench } from './bench/live-updates.mjs';
import { SECONDS, TURNS, measure, measureInTurns } from './bench/load.mjs';
import { operatorToken } from './bench/operator-token.mjs';
import { findDescendant } from './bench/process-cpu.mjs';
import { PORT_OFFSETS } from './lib/start-options.mjs';
import { startGroup } from './lib/start-group.mjs';
import { waitForHttp } from './lib/wait-for-http.mjs';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const APP_PORT = Number(process.env.BENCH_PORT ?? 8690);
const HELLO_PORT = Number(process.env.BENCH_HELLO_PORT ?? 8790);
const LIMIT_PORT = Number(process.env.BENCH_LIMIT_PORT ?? 8791);
const ONLY = process.env.BENCH_ONLY ?? '';
/** Which rows to measure (BENCH_ROWS: a comma-separated list; all by default). */
const KINDS = new Set((process.env.BENCH_ROWS ?? 'status,create,queue,figures,live').split(','));
/** The back-office figures' timings (bench/figures.mjs), printed again after the table. */
/** @type {string[]} */
const figureLines = [];
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STATUS_SAMPLE = 200;
const QUEUE_SIZE = {
  pglite: Number(process.env.BENCH_QUEUE_SIZE_PGLITE ?? 100_000),
  postgres: Number(process.env.BENCH_QUEUE_SIZE_POSTGRES ?? 1_000_000),
};
/**
 * The queue's hot paths, each with a query that finds rows in the seed (seed-queue.ts):
 * request 0x4242's reference, e-mail address and its phone number's last four digits.
 */
const QUEUE_SCENARIOS = [
  ['first page', ''],
  ['filtered page', '?caseState=queued&plan=priority'],
  ['search by reference', '?q=UB-00004242'],
  ['search by e-mail', '?q=customer4242'],
  ['search by phone last digits', '?q=4242'],
];
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
 * Fills the queue before the server starts (it then owns the embedded database).
 * @param {NodeJS.ProcessEnv} env @param {number} size
 */
async function seedQueue(env, size) {
  const seeding = startGroup(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/bench/seed-queue.ts', String(size)],
    env,
    'inherit',
  );
  const code = await seeding.exited;
  if (code !== 0) throw new Error(`Seeding the queue failed (exit code ${code}); see above.`);
}

/**
 * Waits until the e-mail of the last order the bench created is in the dev mailbox. Each new
 * order queues its confirmation e-mail, and the worker sends them a few at a time: without
 * this wait the server was still sending the 200 e-mails of the status sample's orders
 * through the status read's limit and product rows, work that is not the status read's
 * (decision 012, 2026-11-29 evening). The e-mails go out oldest first, so the last one
 * tells the whole burst is out. Gives up with a warning after two minutes.
 * @param {string} name @param {string} base @param {Record<string, string>} operator
 * @param {string | undefined} requestId
 */
async function waitForOrderEmails(name, base, operator, requestId) {
  if (requestId === undefined) return;
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const response = await fetch(`${base}/api/mailbox?requestId=${requestId}&limit=1`, {
      headers: operator,
    });
    if (!response.ok) throw new Error(`GET /api/mailbox answered ${response.status}`);
    const { messages } = /** @type {{ messages: unknown[] }} */ (await response.json());
    if (messages.length > 0) {
      console.log(`${name}: the orders' e-mails were sent in ${Date.now() - started} ms`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.warn(`${name}: the orders' e-mails were still being sent after two minutes`);
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
  return /** @type {{ id: string, reference: string, statusToken: string }} */ (
    await response.json()
  );
}

/**
 * The bare server running the hot paths' SQL (limit-server.ts) on the database in `env`.
 * @param {NodeJS.ProcessEnv} env
 */
async function startLimitServer(env) {
  const limit = startGroup(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/bench/limit-server.ts', String(LIMIT_PORT)],
    env,
  );
  const ready = await waitForHttp(`http://127.0.0.1:${LIMIT_PORT}/limit/queue?limit=1`, {
    timeoutMs: 60_000,
    giveUp: limit.hasExited,
  });
  if (!ready) throw new Error('The limit server stopped during start-up (see its output above)');
  return limit;
}

/**
 * @typedef {import('./bench/load.mjs').LoadResult} LoadResult
 * @typedef {{ kind: 'status' | 'queue' | 'create', result: LoadResult, limit?: LoadResult,
 *   goal: (row: Row, statusLimit: LoadResult | undefined) => string }} Row
 */

/** @param {number} value */
const ratio = (value) => `${value.toFixed(2)}x`;

/**
 * The server's CPU per answer (process-cpu.mjs), or nothing where it cannot be read.
 * @param {number | undefined} value
 */
const micros = (value) => (value === undefined ? '' : `${value.toFixed(0)} µs`);

/** @param {'pglite' | 'postgres'} database @returns {Record<Row['kind'], Row['goal']>} */
function goalsFor(database) {
  if (database === 'postgres') {
    return {
      status: ({ result, limit }) => {
        if (!limit) return '';
        const met =
          result.requestsPerSecond >= 0.8 * limit.requestsPerSecond &&
          result.p99 <= 1.5 * limit.p99;
        return `>= 0.80x, p99 <= 1.5x: ${met ? 'met' : 'NOT met'}`;
      },
      create: ({ result }, statusLimit) => {
        if (!statusLimit) return '';
        const share = result.requestsPerSecond / statusLimit.requestsPerSecond;
        return `${ratio(share)} of status limit (>= 0.25x): ${share >= 0.25 ? 'met' : 'NOT met'}`;
      },
      queue: ({ result }) => `p99 <= 50 ms: ${result.p99 <= 50 ? 'met' : 'NOT met'}`,
    };
  }
  return {
    status: () => '',
    create: ({ result }) => `p99 < 300 ms: ${result.p99 < 300 ? 'met' : 'NOT met'}`,
    queue: ({ result }) => `p99 < 250 ms: ${result.p99 < 250 ? 'met' : 'NOT met'}`,
  };
}

/**
 * Measures the product's hot paths and their limits on one database.
 * @param {'pglite' | 'postgres'} database @param {string | null} databaseUrl
 * @param {boolean} [seeded] the database already holds the seeded queue
 * @returns {Promise<Row[]>}
 */
async function benchProduct(database, databaseUrl, seeded = false) {
  const name = database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const goals = goalsFor(database);
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
  const profileDir = process.env.BENCH_PROFILE_DIR;
  /** @type {NodeJS.ProcessEnv} */
  const profiledEnv = profileDir
    ? {
        ...env,
        NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${path.join(rootDir, 'scripts/bench/cpu-profile.mjs')}`,
        BENCH_PROFILE_DIR: path.resolve(profileDir, database),
      }
    : env;
  /** Marks a row in the profile of the product's server or of the limit server. */
  const marker = (/** @type {'server' | 'limit'} */ kind) =>
    profileDir ? profileMarker(path.resolve(profileDir, database), kind) : undefined;
  if (!seeded) {
    console.log(`${name}: seeding ${QUEUE_SIZE[database].toLocaleString('en')} requests…`);
    await seedQueue(env, QUEUE_SIZE[database]);
  }
  const startProduct = async () => {
    const started = startGroup(process.execPath, ['scripts/start.mjs'], profiledEnv);
    const ready = await waitForHttp(`${base}/api/health`, {
      timeoutMs: 120_000,
      giveUp: started.hasExited,
    });
    if (!ready) {
      await started.stop();
      throw new Error(`${name}: the product did not start (see its output above)`);
    }
    return started;
  };
  const base = `http://127.0.0.1:${APP_PORT}`;
  const limitBase = `http://127.0.0.1:${LIMIT_PORT}`;
  /** The embedded database's copy for the limit server (below); PostgreSQL serves both. */
  const limitDataDir =
    database === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'unban-bench-limit-')) : null;
  /** @type {Row[]} */
  const rows = [];
  /** @type {ReturnType<typeof startGroup> | undefined} */
  let product;
  /** @type {ReturnType<typeof startGroup> | undefined} */
  let limit;
  try {
    product = await startProduct();
    let token = await anonymousToken(APP_PORT + PORT_OFFSETS.auth);

    const orders = [];
    for (let index = 0; index < STATUS_SAMPLE; index += 1)
      orders.push(await createOrder(base, token));
    let operator = {
      authorization: `Bearer ${await operatorToken(APP_PORT + PORT_OFFSETS.auth, base)}`,
    };
    await waitForOrderEmails(name, base, operator, orders.at(-1)?.id);
    // Each row measures the limit and the product one right after the other, so that both
    // meet the same stretch of a shared machine. The embedded database has one owner: the
    // limit server gets a copy of the product's folder, taken with the product stopped and the
    // status sample's orders in it, and both then run at once.
    if (limitDataDir) {
      await product.stop();
      cpSync(path.join(dataDir, 'pglite'), path.join(limitDataDir, 'pglite'), {
        recursive: true,
      });
      product = await startProduct();
      token = await anonymousToken(APP_PORT + PORT_OFFSETS.auth);
      operator = {
        authorization: `Bearer ${await operatorToken(APP_PORT + PORT_OFFSETS.auth, base)}`,
      };
    }
    const mark = marker('server');
    limit = await startLimitServer(
      limitDataDir ? { ...profiledEnv, DATA_DIR: limitDataDir } : profiledEnv,
    );
    const limitMark = marker('limit');

    /** @param {string} label @param {import('autocannon').Options} productOptions @param {import('autocannon').Options} limitOptions @param {Row['kind']} kind */
    const pair = async (label, productOptions, limitOptions, kind) => {
      if (!KINDS.has(kind) || !limit) return;
      // Both profiles' parts span all the turns: each side's holds the other's as idle time.
      const marks = [mark?.(label), limitMark?.(`${label} (limit)`)];
      const measured = await measureInTurns(
        `${name}: ${label}`,
        { options: limitOptions, serverPid: limit.pid },
        { options: productOptions, serverPid: serverPidOf(product) },
        profileDir ? () => marks.forEach((markRow) => markRow?.()) : undefined,
        // PGlite in one turn each: a turn is a new autocannon run, whose 50 new connections a
        // busy Node server may take in one per pass of its event loop; where each answer holds
        // the loop for milliseconds (the embedded database runs in it), the last one's first
        // request then waits seconds, and five turns put five such starts into a row's p99
        // (decision 012, 2026-12-07).
        database === 'postgres' ? TURNS : 1,
      );
      rows.push({ kind, result: measured.product, limit: measured.limit, goal: goals[kind] });
    };

    await pair(
      'payment status read',
      {
        url: base,
        requests: orders.map((order) => ({
          method: 'GET',
          path: `/api/payments/status?order=${order.reference}&token=${order.statusToken}`,
        })),
      },
      {
        url: limitBase,
        requests: orders.map((order) => ({
          method: 'GET',
          path: `/limit/status?order=${order.reference}`,
        })),
      },
      'status',
    );
    for (const [label, query] of QUEUE_SCENARIOS) {
      await pair(
        `queue ${label}`,
        { url: `${base}/api/admin/requests${query}`, headers: operator },
        { url: `${limitBase}/limit/queue${query}` },
        'queue',
      );
    }
    if (KINDS.has('figures')) figureLines.push(await timeFigures(name, base, operator));
    // Creation last: each new request queues an e-mail, and the backlog it leaves (tens of
    // thousands) would be sent while the rows after it are measured; its new orders, all
    // awaiting payment, would also change what the queue's pages read.
    if (KINDS.has('create')) {
      /** @type {import('autocannon').Options} */
      const limitOptions = {
        url: `${limitBase}/limit/create`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: orderBody,
      };
      await pair(
        'create request',
        {
          url: `${base}/api/requests`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: orderBody,
        },
        limitOptions,
        'create',
      );
    }
  } finally {
    await limit?.stop();
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (limitDataDir) rmSync(limitDataDir, { recursive: true, force: true });
  }
  return rows;
}
/**
 * The product's server process (start.mjs, which the bench started, runs it as a child),
 * whose CPU the bench reads per answer; undefined where there is no /proc.
 * @param {{ pid: number | undefined } | undefined} group
 */
function serverPidOf(group) {
  return group?.pid === undefined
    ? undefined
    : findDescendant(group.pid, 'apps/server/src/server.ts');
}

/**
 * Marks a row's counted load in a server's CPU profile (bench/cpu-profile.mjs): a signal at
 * its start and one at its end make part K of the profile, K counting the marked rows in
 * order. @param {string} dir where the server writes its pid and profiles
 * @param {'server' | 'limit'} kind the product's server or the limit server
 */
function profileMarker(dir, kind) {
  let part = 0;
  return (/** @type {string} */ label) => {
    part += 1;
    const thisPart = part;
    let started = false;
    return () => {
      const pid = Number(readFileSync(path.join(dir, `${kind}.pid`), 'utf8'));
      process.kill(pid, 'SIGUSR2');
      if (started) console.log(`profile: ${label} is part ${thisPart} (${dir})`);
      started = true;
    };
  };
}

async function benchHello() {
  const hello = startGroup(
    process.execPath,
    ['scripts/bench/hello-server.mjs', String(HELLO_PORT)],
    process.env,
  );
  try {
    await waitForHttp(`http://127.0.0.1:${HELLO_PORT}/hello`, { timeoutMs: 10_000 });
    return await measure(
      'bare Fastify hello',
      { url: `http://127.0.0.1:${HELLO_PORT}/hello` },
      undefined,
      hello.pid,
    );
  } finally {
    await hello.stop();
  }
}

/** @param {LoadResult} hello @param {Row[]} rows */
function report(hello, rows) {
  const statusLimit = (/** @type {string} */ database) =>
    rows.find((row) => row.kind === 'status' && row.result.label.startsWith(database))?.limit;
  /** @type {string[][]} */
  const table = [
    [
      hello.label,
      hello.requestsPerSecond.toFixed(0),
      `${hello.p50} ms`,
      `${hello.p99} ms`,
      `${hello.p99WithStarts} ms`,
      '',
      '',
      micros(hello.cpuPerAnswerUs),
      '',
      '',
    ],
  ];
  for (const row of rows) {
    const database = row.result.label.split(':')[0] ?? '';
    if (row.limit) {
      table.push([
        `${row.result.label.replace(': ', ': limit, ')}`,
        row.limit.requestsPerSecond.toFixed(0),
        `${row.limit.p50} ms`,
        `${row.limit.p99} ms`,
        `${row.limit.p99WithStarts} ms`,
        '',
        '',
        micros(row.limit.cpuPerAnswerUs),
        '',
        '',
      ]);
    }
    table.push([
      row.result.label,
      row.result.requestsPerSecond.toFixed(0),
      `${row.result.p50} ms`,
      `${row.result.p99} ms`,
      `${row.result.p99WithStarts} ms`,
      row.limit ? ratio(row.result.requestsPerSecond / row.limit.requestsPerSecond) : '',
      row.limit ? ratio(row.result.p99 / Math.max(1, row.limit.p99)) : '',
      micros(row.result.cpuPerAnswerUs),
      row.result.cpuPerAnswerUs !== undefined && row.limit?.cpuPerAnswerUs
        ? ratio(row.result.cpuPerAnswerUs / row.limit.cpuPerAnswerUs)
        : '',
      row.result.failed > 0
        ? `${row.result.failed} not 2xx: NOT met`
        : row.goal(row, statusLimit(database)),
    ]);
  }
  const header = [
    `scenario (50 connections, ${SECONDS} s; PostgreSQL in ${TURNS} turns)`,
    'req/s',
    'p50',
    'p99',
    'p99 with starts',
    'req/s vs limit',
    'p99 vs limit',
    'CPU/answer',
    'CPU vs limit',
    'goal',
  ];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...table.map((cells) => String(cells[i]).length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of table) console.log(line(cells));
  const measured = [
    hello,
    ...rows.flatMap((row) => (row.limit ? [row.limit, row.result] : [row.result])),
  ];
  const slowest = measured.reduce((a, b) => (b.slowestFirstAnswer > a.slowestFirstAnswer ? b : a));
  console.log(
    `\np50 and p99 leave out each connection's first answer, its wait to be taken in (Node takes one new connection per pass of its event loop; 50 are opened per turn); "p99 with starts" counts them. The slowest first answer: ${slowest.slowestFirstAnswer} ms (${slowest.label}).`,
  );
  console.log(
    `\nNode ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}; load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}

const hello = await benchHello();
/** @type {Row[]} */
const rows = [];
if (ONLY !== 'postgres') rows.push(...(await benchProduct('pglite', null)));
const reused = process.env.BENCH_POSTGRES_DATABASE;
if (ONLY !== 'pglite' && reused) {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${reused}`;
  rows.push(...(await benchProduct('postgres', url.toString(), true)));
} else if (ONLY !== 'pglite' && (await postgresAnswers())) {
  const database = `unban_bench_${Date.now()}`;
  await postgresAdmin(`create database ${database}`);
  try {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${database}`;
    rows.push(...(await benchProduct('postgres', url.toString())));
  } finally {
    await postgresAdmin(`drop database if exists ${database} with (force)`);
  }
} else if (ONLY !== 'pglite') {
  console.log(`No PostgreSQL server answers at ${POSTGRES_ADMIN_URL}: measured PGlite only.`);
}
report(hello, rows);
if (figureLines.length > 0) console.log(`\n${figureLines.join('\n')}`);
// Live updates: an operator's move to a customer's open stream, with 1,000 streams open.
if (KINDS.has('live')) await runLiveUpdatesBench();

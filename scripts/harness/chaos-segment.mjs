// @ts-check
// One chaos segment: one database (PGlite or PostgreSQL), one payment provider, a server
// killed with SIGKILL at random moments under the mixed load and restarted on the same
// data; then a drain (Stripe's retries, the queued jobs) and the checks.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripeApi,
} from '../../apps/server/src/test/fake-stripe-api';
import { checkChaosRun } from './chaos-checks.mjs';
import { NoAnswer, chaosClient } from './chaos-client.mjs';
import { withDatabase } from './chaos-database.mjs';
import { chaosWorkload, newLedger } from './chaos-workload.mjs';
import { serverEnv, startServer } from './product.mjs';
import { customerToken, guestToken, staffToken } from './tokens.mjs';

const NO_LIMIT = '100000000';
const PENDING_JOBS =
  "select kind, status, next_attempt_at > now() as leased from outbox where status in ('pending', 'sending')";
/** Webhook events stored but not acted on yet: the server's inbox replay picks them up. */
const UNPROCESSED_EVENTS =
  'select count(*)::int as count from payment_events where processed_at is null';

/**
 * @param {{
 *   name: string,
 *   provider: 'sandbox' | 'stripe',
 *   database: { kind: 'pglite' } | { kind: 'postgres', url: string },
 *   crashes: number,
 *   port: number,
 *   emulatorHost: string,
 *   workers?: number,
 *   uptimeMs?: [number, number],
 * }} options
 */
export async function runChaosSegment({
  name,
  provider,
  database,
  crashes,
  port,
  emulatorHost,
  workers = 6,
  uptimeMs = [1_000, 5_000],
}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'unban-chaos-'));
  const db =
    database.kind === 'pglite' ? { kind: /** @type {const} */ ('pglite'), dataDir } : database;
  const fake = provider === 'stripe' ? await FakeStripeApi.start() : null;
  const publicUrl = `http://127.0.0.1:${port}`;
  const env = serverEnv({
    port,
    dataDir,
    emulatorHost,
    env: {
      PUBLIC_URL: publicUrl,
      RATE_LIMIT_PER_MINUTE: '1000000',
      REQUEST_QUOTA_PER_USER_PER_HOUR: NO_LIMIT,
      REQUEST_QUOTA_PER_IP_PER_HOUR: NO_LIMIT,
      PAYMENT_PROVIDER: provider,
      SANDBOX_PAY_LATER_DELAY_MS: '300',
      ...(fake
        ? {
            STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
            STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
            STRIPE_API_BASE: fake.baseUrl,
          }
        : {}),
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    },
  });

  const customers = [];
  for (let i = 0; i < 3; i += 1)
    customers.push(await guestToken(emulatorHost), await customerToken(emulatorHost));
  const operator = await staffToken(emulatorHost, 'operator');

  let server = await startServer(env);
  /** Requests wait here while the server is down; resolved while it runs. */
  let serverUp = Promise.resolve();
  const client = chaosClient({ base: publicUrl, up: () => serverUp });
  const ledger = newLedger();
  const workload = chaosWorkload({
    client,
    provider,
    fake,
    publicUrl,
    customers,
    operator,
    ledger,
  });

  /** @type {Error[]} */
  const failures = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      try {
        await workload.journey();
      } catch (error) {
        if (error instanceof NoAnswer) ledger.unacknowledged += 1;
        else {
          failures.push(/** @type {Error} */ (error));
          await sleep(200);
        }
      }
    }
  });

  let restartMs = 0;
  try {
    for (let crash = 0; crash < crashes; crash += 1) {
      await sleep(uptimeMs[0] + Math.random() * (uptimeMs[1] - uptimeMs[0]));
      /** @type {() => void} */
      let release = () => {};
      serverUp = new Promise((resolve) => (release = resolve));
      await server.kill();
      const started = Date.now();
      server = await startServer(env);
      restartMs += Date.now() - started;
      release();
      process.stdout.write(
        `  ${name}: crash ${crash + 1}/${crashes}, ${ledger.orders.size} orders so far\n`,
      );
    }
  } finally {
    running = false;
    await Promise.all(loops);
  }

  // Drain: Stripe retries what was not acknowledged; the server works off its queued jobs.
  // The leases of jobs a killed server had claimed are aged, as waiting them out would.
  let drained = false;
  let wait = 5_000;
  for (let round = 0; round < 10 && !drained; round += 1) {
    await workload.redeliverAll();
    await workload.readAllStatuses();
    await sleep(wait);
    const announced = await workload.announceStripeRefunds();
    const unsent = await workload.redeliverAll();
    const stopped = await server.stop();
    if (stopped.code !== 0)
      failures.push(new Error(`the server stopped with code ${stopped.code}`));
    const pending = await withDatabase(db, async (query) => {
      const rows = await query(PENDING_JOBS);
      await query(
        "update outbox set next_attempt_at = now() where status in ('pending', 'sending') and next_attempt_at > now()",
      );
      const [events] = await query(UNPROCESSED_EVENTS);
      return { rows, unprocessedEvents: Number(events?.count ?? 0) };
    });
    drained =
      pending.rows.length === 0 &&
      pending.unprocessedEvents === 0 &&
      unsent === 0 &&
      announced === 0;
    // Refund jobs wait for the payments module's sweep (every 30 s), events stored before a
    // crash for its inbox replay (30 s old, looked for every 15 s); e-mails for the worker (2 s).
    wait =
      pending.unprocessedEvents > 0 ||
      pending.rows.some((job) => !String(job.kind).startsWith('email'))
        ? 35_000
        : 5_000;
    if (!drained) server = await startServer(env);
  }
  if (!drained) {
    await server.stop();
    failures.push(new Error('the queued jobs did not drain'));
  }

  const result = await withDatabase(db, (query) => checkChaosRun(query, ledger, fake));
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    name,
    crashes,
    restartMs,
    acknowledged: {
      orders: ledger.orders.size,
      transitions: ledger.transitions.length,
      replies: ledger.replies.length,
      refunds: ledger.refunds.length,
      sandboxActions: ledger.sandboxActions.length,
      webhooks: ledger.webhooksAcked.size,
    },
    unacknowledged: ledger.unacknowledged,
    ...result,
    problems: [...result.problems, ...failures.slice(0, 5).map((f) => `workload: ${f.message}`)],
  };
}

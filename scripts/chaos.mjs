#!/usr/bin/env node
// @ts-check
// `npm run chaos [-- --crashes N --webhook-runs N --only pglite|postgres]`: kills the server
// with SIGKILL at random moments under mixed load (orders, sandbox payments, Stripe-signed
// webhooks late, reordered and duplicated, operator transitions, refunds, e-mails) on PGlite
// and on PostgreSQL, restarting it on the same data each time, then checks what must hold
// (scripts/harness/chaos-checks.mjs) and prints the counts. Then the webhook property runs
// at scale on PostgreSQL. Runs under tsx (npm run chaos), which lets it use the server's
// own transition tables and the test support's fake Stripe API. See README.md, "Before a release".
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runChaosSegment } from './harness/chaos-segment.mjs';
import { postgresAdmin } from './harness/chaos-database.mjs';
import { startAuthEmulator } from './harness/product.mjs';
import { runWebhookProperty } from './harness/webhook-property.mjs';

const { values } = parseArgs({
  options: {
    crashes: { type: 'string', default: '52' },
    'webhook-runs': { type: 'string', default: '10000' },
    only: { type: 'string' },
    port: { type: 'string', default: '14280' },
  },
});
const crashes = Number(values.crashes);
const port = Number(values.port);
const postgresAdminUrl =
  process.env.CHAOS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databasePrefix = process.env.CHAOS_DATABASE_PREFIX ?? 'unban_chaos';

async function postgresAnswers() {
  try {
    await postgresAdmin(postgresAdminUrl, 'select 1');
    return true;
  } catch {
    return false;
  }
}

const databases = /** @type {const} */ (['pglite', 'postgres']).filter(
  (d) => !values.only || values.only === d,
);
const hasPostgres = databases.includes('postgres') && (await postgresAnswers());
if (databases.includes('postgres') && !hasPostgres) {
  console.error(
    `No PostgreSQL answers at ${postgresAdminUrl} (set CHAOS_POSTGRES_URL); the chaos run needs one.`,
  );
  process.exit(1);
}
const segments = databases.flatMap((database) =>
  /** @type {const} */ (['sandbox', 'stripe']).map((provider) => ({ database, provider })),
);
const perSegment = Math.ceil(crashes / Math.max(segments.length, 1));

const emulatorDir = mkdtempSync(path.join(os.tmpdir(), 'unban-chaos-auth-'));
const emulator = await startAuthEmulator(emulatorDir, port + 19);
/** @type {Awaited<ReturnType<typeof runChaosSegment>>[]} */
const results = [];
try {
  for (const { database, provider } of segments) {
    const name = `${database === 'pglite' ? 'PGlite' : 'PostgreSQL'} + ${provider}`;
    console.log(`\n${name}: ${perSegment} crashes…`);
    let dbName = null;
    if (database === 'postgres') {
      dbName = `${databasePrefix}_${Date.now()}`;
      await postgresAdmin(postgresAdminUrl, `create database ${dbName}`);
    }
    try {
      const url = new URL(postgresAdminUrl);
      url.pathname = `/${dbName}`;
      results.push(
        await runChaosSegment({
          name,
          provider,
          database: dbName ? { kind: 'postgres', url: url.toString() } : { kind: 'pglite' },
          crashes: perSegment,
          port,
          emulatorHost: emulator.host,
        }),
      );
    } finally {
      if (dbName)
        await postgresAdmin(postgresAdminUrl, `drop database if exists ${dbName} with (force)`);
    }
  }
} finally {
  await emulator.stop();
  rmSync(emulatorDir, { recursive: true, force: true });
}

console.log('\nChaos results');
for (const r of results) {
  console.log(
    `\n${r.name}: ${r.crashes} crashes (SIGKILL), restarts took ${(r.restartMs / 1000).toFixed(0)} s in all`,
  );
  console.log(
    `  acknowledged: ${r.acknowledged.orders} orders, ${r.acknowledged.sandboxActions} sandbox payments, ` +
      `${r.acknowledged.webhooks} webhook events, ${r.acknowledged.transitions} operator transitions, ` +
      `${r.acknowledged.replies} replies, ${r.acknowledged.refunds} refunds; ${r.unacknowledged} calls without an answer`,
  );
  console.log(
    `  stored: ${r.counts.requests} requests, ${r.counts.payments} payments, ${r.counts.paymentEvents} payment events, ` +
      `${r.counts.caseEvents} timeline rows, ${r.counts.emails} e-mails delivered`,
  );
  console.log(
    `  lost acknowledged writes (or stored events never acted on) ${r.counts.lost}, orders duplicated ${r.counts.duplicateOrders}, charged twice ${r.counts.doubleCharges}, ` +
      `refunded twice ${r.counts.doubleRefunds}, states/moves not allowed ${r.counts.badStates}, ` +
      `e-mails twice ${r.counts.duplicateEmails}, e-mails missing ${r.counts.undeliveredEmails}`,
  );
  for (const problem of r.problems) console.log(`  ✖ ${problem}`);
}
const totalCrashes = results.reduce((sum, r) => sum + r.crashes, 0);
const failed = results.some((r) => r.problems.length > 0);
console.log(`\n${totalCrashes} crashes in all: ${failed ? 'FAILED' : 'every check held'}.`);

let propertyFailed = false;
const webhookRuns = Number(values['webhook-runs']);
if (webhookRuns > 0 && hasPostgres) {
  console.log(`\nWebhook property on PostgreSQL: ${webhookRuns} generated sequences…`);
  propertyFailed = !(await runWebhookProperty({ runs: webhookRuns, postgresAdminUrl }));
}
process.exit(failed || propertyFailed ? 1 : 0);

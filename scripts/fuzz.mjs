#!/usr/bin/env node
// @ts-check
// `npm run fuzz [-- --requests N --seed S --concurrency C]`: malformed bodies, parameters,
// queries and headers for every operation of the server's own OpenAPI document, as every
// role (anonymous, guest, customer, operator, admin with real Auth-emulator tokens), against
// the product started as `npm start` starts it. Passes with 0 answers of 5xx and 0 dropped
// connections; prints the count per status. See README.md, "Before a release".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { operationsOf } from './harness/openapi-operations.mjs';
import { fuzzRequest, roles } from './harness/fuzz-requests.mjs';
import { ensureWebBuild, serverEnv, startAuthEmulator, startServer } from './harness/product.mjs';
import { sendAll } from './harness/send-all.mjs';
import { customerToken, guestToken, staffToken } from './harness/tokens.mjs';
import { validOrder } from './harness/orders.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    concurrency: { type: 'string', default: '16' },
    port: { type: 'string', default: '14180' },
  },
});
const total = Number(values.requests);
const seed = Number(values.seed);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const NO_LIMIT = '100000000';

await ensureWebBuild();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'unban-fuzz-'));
const emulator = await startAuthEmulator(dataDir, port + 19);
let server;
try {
  // Lifted through the configuration the product reads, so the fuzzer reaches validation
  // and the handlers rather than the limiter; a 429 would still count as an expected 4xx.
  server = await startServer(
    serverEnv({
      port,
      dataDir,
      emulatorHost: emulator.host,
      env: {
        RATE_LIMIT_PER_MINUTE: '1000000',
        REQUEST_QUOTA_PER_USER_PER_HOUR: NO_LIMIT,
        REQUEST_QUOTA_PER_IP_PER_HOUR: NO_LIMIT,
      },
    }),
  );
  const document = await (await fetch(`${base}/api/docs/json`)).json();
  const operations = operationsOf(document);

  const guest = await guestToken(emulator.host);
  const customer = await customerToken(emulator.host);
  const tokens = {
    anonymous: null,
    guest: guest.idToken,
    customer: customer.idToken,
    operator: (await staffToken(emulator.host, 'operator')).idToken,
    admin: (await staffToken(emulator.host, 'admin')).idToken,
  };
  // Real rows, so generated parameters sometimes name something that exists.
  const orders = [];
  for (const token of [guest.idToken, customer.idToken]) {
    const response = await fetch(`${base}/api/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(validOrder('fuzz@example.test')),
    });
    if (response.status !== 201)
      throw new Error(`fixture order: ${response.status} ${await response.text()}`);
    orders.push(
      /** @type {{ id: string, reference: string, statusToken: string, checkoutUrl: string }} */ (
        await response.json()
      ),
    );
  }
  const fixtures = {
    tokens,
    ids: orders.map((o) => o.id),
    references: orders.map((o) => o.reference),
    statusTokens: orders.map((o) => o.statusToken),
    sandboxSessions: orders.map((o) => new URL(o.checkoutUrl).pathname.split('/').pop() ?? ''),
    sandboxTokens: orders.map((o) => new URL(o.checkoutUrl).searchParams.get('s') ?? ''),
    validBodies: { 'POST /api/requests': validOrder('fuzz@example.test') },
  };

  console.log(
    `Fuzzing ${operations.length} operations as ${roles.join(', ')}: ${total} requests, seed ${seed}.`,
  );
  const generator = fc.oneof(...operations.map((operation) => fuzzRequest(operation, fixtures)));
  const batches = (function* () {
    let sent = 0;
    let batchSeed = seed;
    while (sent < total) {
      const size = Math.min(1_000, total - sent);
      yield* fc.sample(generator, { seed: batchSeed, numRuns: size });
      sent += size;
      batchSeed += 1;
    }
  })();
  const result = await sendAll(base, batches, Number(values.concurrency));

  const health = await fetch(`${base}/api/health`);
  const statuses = [...result.byStatus.entries()].sort(([a], [b]) => a - b);
  console.log(`\nRequests sent: ${result.sent}`);
  console.log('Answers per status:');
  for (const [status, count] of statuses) console.log(`  ${status}  ${count}`);
  console.log(`5xx answers: ${result.serverErrors.length}`);
  console.log(`Dropped connections: ${result.dropped.length}`);
  console.log(`Per role: ${[...result.byRole.entries()].map(([r, n]) => `${r} ${n}`).join(', ')}`);
  console.log(
    `Server healthy afterwards: ${health.status === 200 ? 'yes' : `no (${health.status})`}`,
  );
  const failures = [...result.serverErrors, ...result.dropped];
  if (failures.length > 0) {
    const file = path.join(os.tmpdir(), `unban-fuzz-failures-${seed}.json`);
    writeFileSync(file, JSON.stringify(failures.slice(0, 200), null, 2));
    console.log(`First failures (all in ${file}):`);
    for (const failure of failures.slice(0, 10))
      console.log(`  ${JSON.stringify(failure).slice(0, 400)}`);
  }
  process.exitCode = failures.length === 0 && health.status === 200 ? 0 : 1;
} finally {
  await server?.stop();
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

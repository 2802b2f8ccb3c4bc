import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import path from 'node:path';
import pg from 'pg';
import { queueQuerySchema } from '@unban/contract/admin';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { driverStatement } from '../db/driver-rows';
import { newId } from '../domain/random-pool';
import { generateReference } from '../domain/reference';
import { createStatusToken } from '../domain/status-token';
import { queueStatement } from '../services/admin-queue';
import { insertNewRequest } from '../services/request-insert';
import type { NewRequestValues } from '../services/request-insert';
import { paymentStatusStatement, paymentStatusValues } from '../services/request-queries';

/*
 * The limit of `npm run bench`: a bare Fastify server that runs exactly the SQL of each hot
 * path (taken from the product's own query builders, built once) over the same driver and
 * pool size, and answers with the rows as JSON. No auth, no rate limit, no validation, no
 * mapping: what is left is the framework, the driver and the database. The product's route
 * is measured next to it in the same run, and the ratio says what the product's own code
 * costs.
 *
 * Usage: node --import tsx limit-server.ts <port>, with DATABASE_URL (PostgreSQL) or
 * DATA_DIR (the embedded database: one no other process holds; `npm run bench` gives it a copy
 * of the product's folder).
 *   GET /limit/status?order=UB-…   the status read's SELECT
 *   GET /limit/queue?<queue query>  the queue page's SELECT for that query
 *   POST /limit/create               a creation's statement, for the order form's body
 */

const port = Number(process.argv[2] ?? 8791);
const databaseUrl = process.env.DATABASE_URL || null;

async function openDatabase(): Promise<{
  db: Database;
  close: () => Promise<void>;
}> {
  if (databaseUrl) {
    // The product's pool size (db/client.ts), so both have the same number of connections.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return {
      db: drizzleNodePostgres({ client: pool, schema }) as unknown as Database,
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(path.join(process.env.DATA_DIR ?? '.data', 'pglite'));
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    close: () => client.close(),
  };
}

const { db, close } = await openDatabase();

// The status read's statement (by reference), exactly as the product builds it.
const statusStatement = paymentStatusStatement(db, 'reference');

// The bench sends a handful of distinct queue queries: built once per query string.
const queueSql = new Map<string, ReturnType<typeof queueStatement>>();

const app = Fastify({ logger: false });

app.get('/limit/status', async (request) => {
  const { order } = request.query as { order?: string };
  // As the product runs it (driverStatement): a named statement on PostgreSQL, its row unmapped.
  const [row] = await driverStatement(
    db,
    statusStatement.text,
    paymentStatusValues(statusStatement, order ?? ''),
  );
  return row ?? {};
});

app.get('/limit/queue', async (request) => {
  const raw = request.url.slice(request.url.indexOf('?') + 1);
  let built = queueSql.get(raw);
  if (!built) {
    const query = queueQuerySchema.parse(Object.fromEntries(new URLSearchParams(raw)));
    built = queueStatement(db, query);
    queueSql.set(raw, built);
  }
  // As the product runs it (driverStatement): a named statement on PostgreSQL, rows unmapped.
  return {
    items: await driverStatement(db, built.text, built.params, {
      planEachRun: built.planEachRun,
    }),
  };
});

/** The order form's fields, taken as sent: the limit neither validates nor normalizes. */
type OrderBody = Pick<
  NewRequestValues,
  'messagingApp' | 'accountType' | 'device' | 'banMessage' | 'usage' | 'contactEmail'
> & {
  phone: string;
  bannedAt: NewRequestValues['bannedAtApprox'];
  plan: string;
  locale?: NewRequestValues['locale'];
};

app.post('/limit/create', async (request, reply) => {
  const body = request.body as OrderBody;
  const statusToken = createStatusToken();
  // The same statement with the same kinds of values as the product's creation
  // (services/request-create.ts): the request with its timeline row, its e-mail and its first
  // checkout. The price and the checkout's session are fixed here; finding them is the
  // product's own work (its plans, its payment provider), which this limit leaves out.
  const values: NewRequestValues = {
    id: newId(),
    reference: generateReference(),
    ownerUid: 'limit-server',
    statusTokenHash: statusToken.hash,
    messagingApp: body.messagingApp,
    phoneE164: body.phone,
    accountType: body.accountType,
    device: body.device,
    banMessage: body.banMessage,
    bannedAtApprox: body.bannedAt,
    usage: body.usage,
    contactEmail: body.contactEmail,
    locale: body.locale ?? 'en',
    plan: body.plan,
    priceAmount: 4900,
    currency: 'USD',
    idempotencyKeyHash: null,
    idempotencyFingerprint: null,
    idempotencySealedToken: null,
  };
  const paymentId = newId();
  const inserted = await insertNewRequest(
    db,
    values,
    { messageToCustomer: 'Request received.', notice: { kind: 'request_received' } },
    {
      paymentId,
      provider: 'sandbox',
      session: { sessionId: `limit_${paymentId}`, url: `http://127.0.0.1/pay/${paymentId}` },
    },
  );
  if (!inserted) return reply.code(409).send({ reference: values.reference });
  return reply.code(201).send({ id: values.id, reference: values.reference });
});

await app.listen({ host: '127.0.0.1', port });
const stop = () =>
  void app
    .close()
    .then(close)
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

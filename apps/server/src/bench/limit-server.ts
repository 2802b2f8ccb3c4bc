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
import { queueStatement } from '../services/admin-queue';
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
 * DATA_DIR (the embedded database, while no product server holds it).
 *   GET /limit/status?order=UB-…   the status read's SELECT
 *   GET /limit/queue?<queue query>  the queue page's SELECT for that query
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

await app.listen({ host: '127.0.0.1', port });
const stop = () =>
  void app
    .close()
    .then(close)
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

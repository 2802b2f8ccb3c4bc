import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/** The Drizzle database, the same type whichever driver (PGlite or node-postgres) is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The `tx` a `db.transaction(async (tx) => …)` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseOptions {
  /** A Postgres connection URL; null: the embedded PGlite database. */
  databaseUrl: string | null;
  /** PGlite keeps its files in `<dataDir>/pglite`; null: in memory (tests). */
  dataDir: string | null;
  /** Errors of idle pooled connections, which no request is waiting for. */
  onBackgroundError?: (error: Error) => void;
}

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** true when the database answers `select 1` within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Releases the connections / closes PGlite. Safe to call twice. */
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every instance of this server.
const MIGRATION_LOCK_KEY = 7_210_402_117;

/** Answers whether the database is reachable, without throwing. */
export async function pingDatabase(db: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}

/** Wraps an open PGlite instance (on disk, in memory, or loaded from a dump). */
export function pgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: (timeoutMs) => pingDatabase(db, timeoutMs),
    close: once(() => client.close()),
  };
}

async function createPgliteDatabase(dataDir: string | null): Promise<DatabaseHandle> {
  if (!dataDir) return pgliteDatabase(await PGlite.create());
  const directory = path.join(dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  return pgliteDatabase(await PGlite.create(directory));
}

function createPostgresDatabase(
  databaseUrl: string,
  onBackgroundError: (error: Error) => void,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Without a timeout a request waits forever when the server is unreachable.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', onBackgroundError);
  const db = drizzleNodePostgres({ client: pool, schema });

  async function migrate(): Promise<void> {
    // Several instances may start at once; the advisory lock lets one apply the migrations
    // while the others wait and then find nothing left to do.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      lockClient.release();
    }
  }

  return {
    db,
    driver: 'postgres',
    migrate,
    ping: (timeoutMs) => pingDatabase(db, timeoutMs),
    close: once(() => pool.end()),
  };
}

/** Opens the configured database: Postgres when a URL is given, otherwise embedded PGlite. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return createPostgresDatabase(
      options.databaseUrl,
      options.onBackgroundError ??
        ((error) => console.error('Database connection error (idle client):', error.message)),
    );
  }
  return createPgliteDatabase(options.dataDir);
}

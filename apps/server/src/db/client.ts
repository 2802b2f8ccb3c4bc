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
import { upkeepDueTables } from './embedded-upkeep';
import type { UpkeepPass } from './embedded-upkeep';
import { takeTurns } from './pglite-turns';
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

/** What a listener hears (see DatabaseHandle.listen). */
export interface ChannelListener {
  /** One NOTIFY payload, delivered after its transaction committed. */
  onPayload(payload: string): void;
  /** Notices may have been missed (the listening connection dropped and came back). */
  onGap?(): void;
}

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Listens on a NOTIFY channel: PGlite delivers in-process, Postgres over one connection of
   * its own per listener (every server instance hears every commit). Resolves once listening,
   * with the function that stops it; close() stops every listener too.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Vacuums and analyzes the tables autovacuum would take now (db/embedded-upkeep.ts): PGlite
   * runs no autovacuum. A PostgreSQL server does it itself, so there this does nothing.
   */
  upkeep(): Promise<UpkeepPass[]>;
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
  const db = drizzlePglite({ client: takeTurns(client), schema });
  return {
    db,
    driver: 'pglite',
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, (payload) => listener.onPayload(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    upkeep: () => upkeepDueTables(db),
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

/** The pause before a dropped listening connection is opened again: 1 s, 2 s, 4 s … 30 s. */
function relistenDelay(failures: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failures - 1), 30_000);
}

/**
 * Keeps one dedicated connection LISTENing on `channel` (a pooled connection would be handed
 * to queries and lose its LISTEN). A dropped connection is opened again with a growing pause,
 * and the listener hears of the gap, so it can tell its own listeners to read again.
 */
async function listenOverPostgres(
  databaseUrl: string,
  channel: string,
  listener: ChannelListener,
  onBackgroundError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5_000,
      // Notices a half-open connection drops would otherwise be missed without a sign.
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        listener.onPayload(message.payload);
      }
    });
    const dropped = (error?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      if (error) onBackgroundError(error);
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('error', dropped);
    next.on('end', () => dropped());
    await next.connect();
    // The name is a constant of this code base, never input: quoting it is enough.
    await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    client = next;
  };

  const scheduleReconnect = () => {
    failures += 1;
    retry = setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => {
          failures = 0;
          listener.onGap?.();
        },
        (error: unknown) => {
          onBackgroundError(error instanceof Error ? error : new Error(String(error)));
          scheduleReconnect();
        },
      );
    }, relistenDelay(failures));
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
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
  // Once close() has begun, a connection being shut down may still report its end (pg's
  // pool resolves end() before every socket has closed, and a database dropped right after
  // terminates them): that is the shutdown itself, not a fault to report.
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) onBackgroundError(error);
  });
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

  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    driver: 'postgres',
    listen: async (channel, listener) => {
      const stop = await listenOverPostgres(databaseUrl, channel, listener, onBackgroundError);
      const stopOnce = once(async () => {
        listeners.delete(stopOnce);
        await stop();
      });
      listeners.add(stopOnce);
      return stopOnce;
    },
    migrate,
    // The server's autovacuum keeps the tables and their statistics.
    upkeep: async () => [],
    ping: (timeoutMs) => pingDatabase(db, timeoutMs),
    close: once(async () => {
      closing = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    }),
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

// @ts-check
// Reading (and, for the drain, ageing) the database a stopped server left behind: PGlite's
// folder opened in this process, or a PostgreSQL database through pg.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Runs `work` with a query function on the segment's database. The server must be stopped
 * when the database is PGlite (its folder belongs to one process).
 * @template T
 * @param {{ kind: 'pglite', dataDir: string } | { kind: 'postgres', url: string }} database
 * @param {(query: (sql: string, params?: unknown[]) => Promise<any[]>) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withDatabase(database, work) {
  if (database.kind === 'pglite') {
    const client = await PGlite.create(path.join(database.dataDir, 'pglite'));
    try {
      return await work(async (sql, params) => (await client.query(sql, params)).rows);
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await work(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

/** @param {string} adminUrl @param {string} sql */
export async function postgresAdmin(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

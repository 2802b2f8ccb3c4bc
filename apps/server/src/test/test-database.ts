import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_FOLDER, createDatabase, pgliteDatabase } from '../db/client';
import type { DatabaseHandle } from '../db/client';

/**
 * A fresh, migrated, empty database for one test file. In-memory PGlite by default; with
 * TEST_DATABASE_URL set, a new database on that Postgres server (created through the URL's
 * connection, which needs CREATE DATABASE rights) that close() drops again, so test files can
 * run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createPostgresTestDatabase(adminUrl) : createPgliteTestDatabase();
}

/* ---------- PGlite ---------- */

async function listFilesRecursively(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The package does not export its package.json, so walk up from its entry point. */
async function pgliteManifestPath(): Promise<string> {
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (folder !== path.dirname(folder)) {
    const candidate = path.join(folder, 'package.json');
    const manifest = await readFile(candidate, 'utf8').catch(() => null);
    if (manifest && (JSON.parse(manifest) as { name?: unknown }).name === '@electric-sql/pglite') {
      return candidate;
    }
    folder = path.dirname(folder);
  }
  throw new Error('Cannot find the package.json of @electric-sql/pglite');
}

/** Changes whenever a migration or the PGlite version changes, so a stale template is never used. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(await pgliteManifestPath()));
  for (const file of await listFilesRecursively(MIGRATIONS_FOLDER)) {
    hash.update(path.relative(MIGRATIONS_FOLDER, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PREFIX = 'unban-pglite-template-';

/** Templates of earlier migration sets are never read again; they are large, so remove them. */
async function removeOtherTemplates(keep: string): Promise<void> {
  const names = await readdir(os.tmpdir());
  await Promise.all(
    names
      .filter((name) => name.startsWith(TEMPLATE_PREFIX) && name.endsWith('.tar') && name !== keep)
      .map((name) => rm(path.join(os.tmpdir(), name), { force: true })),
  );
}

/**
 * Initialising PGlite runs initdb, which takes seconds; loading a dump of an already migrated
 * database takes a fraction of that. The first test file writes the dump to the temp folder
 * and every later one (in any worker) starts from it.
 */
async function createPgliteTestDatabase(): Promise<DatabaseHandle> {
  const templateName = `${TEMPLATE_PREFIX}${await templateKey()}.tar`;
  const templatePath = path.join(os.tmpdir(), templateName);

  const template = await readFile(templatePath).catch(() => null);
  if (template) {
    const database = pgliteDatabase(await PGlite.create({ loadDataDir: new Blob([template]) }));
    await database.migrate();
    return database;
  }

  const client = await PGlite.create();
  const database = pgliteDatabase(client);
  await database.migrate();
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  // Write then rename, so a parallel reader never sees half a file.
  const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(partial, dump);
    await rename(partial, templatePath);
    await removeOtherTemplates(templateName);
  } catch {
    // Only a speed-up: without the template the next file initialises PGlite itself.
    await rm(partial, { force: true });
  }
  return database;
}

/* ---------- Postgres ---------- */

async function withAdminClient(
  adminUrl: string,
  work: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDatabase(adminUrl: string): Promise<DatabaseHandle> {
  const name = `unban_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // The name is generated above from [a-z0-9_] only, so quoting it is enough.
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const database = await createDatabase({ databaseUrl: url.toString(), dataDir: null });
  const dropDatabase = async () => {
    await database.close();
    await withAdminClient(adminUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    );
  };
  try {
    await database.migrate();
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  let dropped: Promise<void> | undefined;
  return { ...database, close: () => (dropped ??= dropDatabase()) };
}

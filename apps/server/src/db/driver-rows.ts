import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';

/** What PGlite answers (Drizzle keeps the driver's client as `$client`). */
interface QueryingClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The name of a statement: derived from its text, so one name never stands for two texts on a
 * connection (node-postgres refuses that), and every run of the same text finds it prepared.
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `r_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

// Hashing the text on every run was 2% of the status read's CPU. The texts are the code's own
// fixed statements and the queue's few shapes, so the map stays small.
const statementNames = new Map<string, string>();

/**
 * A column under its field's name, for a select whose rows come from the driver as they are
 * (driverStatement), keyed by the names the SQL gives them.
 */
export function asField(column: AnyPgColumn, name: string) {
  return sql`${column}`.as(name);
}

/**
 * Runs one SQL statement with its parameters straight on the driver and gives its rows as the
 * driver parses them. For the hot paths whose statement is fixed text (decision 012): no
 * query building, no row mapping, and on the embedded database no per-query copy of the
 * type parsers that Drizzle's PGlite session asks for.
 *
 * On PostgreSQL it runs as a named statement: each pooled connection parses it once, and
 * PostgreSQL may plan it once, when it estimates a generic plan costs no more than the custom
 * ones (its own choice, after five runs). With `planEachRun` it runs unnamed instead, parsed
 * and planned for its values on every run: for a statement whose index only serves some
 * values, such as a LIKE on a bound pattern, where a generic plan cannot use the index at
 * all. On the embedded database (one connection in the process) it runs as it is. Either way
 * it is one statement in a transaction of its own: not for use inside a transaction, as it
 * runs on the database's own pool.
 */
export async function driverStatement<Row>(
  db: Database,
  text: string,
  params: unknown[],
  { planEachRun = false }: { planEachRun?: boolean } = {},
): Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | QueryingClient }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query(
      planEachRun ? { text, values: params } : { name: statementName(text), text, values: params },
    );
    return result.rows as Row[];
  }
  return (await client.query(text, params)).rows as Row[];
}

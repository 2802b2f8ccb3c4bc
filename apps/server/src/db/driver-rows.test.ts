import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { driverStatement } from './driver-rows';
import { requests } from './schema';

/*
 * driverStatement on the database the suite runs on: PGlite by default, PostgreSQL in CI
 * (TEST_DATABASE_URL), where it runs as a named statement.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const query = (limit: number) =>
  database.db
    .select({
      count: sql<number>`${limit}::int`.as('count'),
      word: sql<string>`'queue'`.as('word'),
      none: sql<string | null>`null::text`.as('none'),
      rows: sql<number>`(select count(*)::int from ${requests})`.as('rows'),
    })
    .from(sql`generate_series(1, ${limit}) as series`);

/** Runs a query built by Drizzle as its text and values, straight on the driver. */
function driverRows<Row>(built: { toSQL(): { sql: string; params: unknown[] } }): Promise<Row[]> {
  const { sql: text, params } = built.toSQL();
  return driverStatement<Row>(database.db, text, params);
}

describe('driverStatement', () => {
  it('gives the rows keyed by the names the SQL gives its columns, with driver-parsed values', async () => {
    const rows = await driverRows(query(2));
    expect(rows).toEqual([
      { count: 2, word: 'queue', none: null, rows: 0 },
      { count: 2, word: 'queue', none: null, rows: 0 },
    ]);
  });

  it('runs the same text again with other values, as often as asked', async () => {
    for (const limit of [1, 3, 1, 2, 3, 1, 2]) {
      expect(await driverRows(query(limit))).toHaveLength(limit);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, prepares the statement on the connection under a name of its text',
    async () => {
      // Sequential queries on an idle pool reuse its one connection, which prepared it above.
      await driverRows(query(1));
      const prepared = await driverRows<{ name: string; statement: string }>(
        database.db
          .select({
            name: sql<string>`name`.as('name'),
            statement: sql<string>`statement`.as('statement'),
          })
          .from(sql`pg_prepared_statements`),
      );
      const mine = prepared.filter((row) => row.statement.includes('generate_series'));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.name).toMatch(/^r_[\w-]{27}$/);
    },
  );

  it('runs a statement planned for its values each time, unprepared, when asked', async () => {
    const built = database.db
      .select({ word: sql<string>`${'plan-each-run'}::text`.as('word') })
      .from(sql`generate_series(1, 2) as series`)
      .toSQL();
    // More runs than PostgreSQL's five before it may switch a named statement to a generic plan.
    for (let run = 0; run < 7; run += 1) {
      expect(
        await driverStatement(database.db, built.sql, built.params, { planEachRun: true }),
      ).toEqual([{ word: 'plan-each-run' }, { word: 'plan-each-run' }]);
    }
    if (!process.env.TEST_DATABASE_URL) return;
    const prepared = await driverStatement<{ statement: string }>(
      database.db,
      'select statement from pg_prepared_statements',
      [],
    );
    expect(prepared.filter((row) => row.statement.includes('::text as "word"'))).toEqual([]);
    expect(prepared.length).toBeGreaterThan(0);
  });
});

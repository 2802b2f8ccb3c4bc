import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgliteDatabase } from './client';
import type { DatabaseHandle } from './client';
import { tablesDueForUpkeep, upkeepDueTables } from './embedded-upkeep';

interface TableStats {
  vacuumed: boolean;
  analyzed: boolean;
  rowEstimate: number;
}

describe('the embedded database upkeep', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = pgliteDatabase(await PGlite.create());
  });
  afterAll(async () => {
    await database.close();
  });
  // A table of its own per test: dropping it drops its counters too.
  beforeEach(async () => {
    await database.db.execute(sql`create table probe (id int primary key, note text)`);
  });
  afterEach(async () => {
    await database.db.execute(sql`drop table probe`);
  });

  /** The counters autovacuum reads are published when the backend next goes idle. */
  async function publishCounters(): Promise<void> {
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    await database.db.execute(sql`select 1`);
  }

  async function insertProbeRows(count: number, firstId = 1): Promise<void> {
    await database.db.execute(
      sql`insert into probe select n, 'row ' || n
          from generate_series(${firstId}::int, ${firstId + count - 1}::int) n`,
    );
    await publishCounters();
  }

  async function probeStats(): Promise<TableStats> {
    const result = await database.db.execute(sql`
      select stats.last_vacuum is not null as vacuumed,
        stats.last_analyze is not null as analyzed,
        class.reltuples::int as "rowEstimate"
      from pg_stat_user_tables stats join pg_class class on class.oid = stats.relid
      where stats.relname = 'probe'`);
    return (result as unknown as { rows: TableStats[] }).rows[0]!;
  }

  it('is needed: PGlite never vacuums or analyzes a table by itself', async () => {
    await insertProbeRows(2_000);
    expect(await probeStats()).toMatchObject({ vacuumed: false, analyzed: false });
  });

  it('leaves alone a table with fewer changes since its last pass than autovacuum waits for', async () => {
    await insertProbeRows(2_000);
    await upkeepDueTables(database.db);
    await insertProbeRows(40, 2_001);
    expect(await tablesDueForUpkeep(database.db)).toEqual([]);
    expect(await upkeepDueTables(database.db)).toEqual([]);
  });

  it('vacuums and analyzes a table filled since its last pass, then leaves it', async () => {
    await insertProbeRows(2_000);
    expect(await tablesDueForUpkeep(database.db)).toEqual([
      { schemaName: 'public', tableName: 'probe', needsVacuum: true, needsAnalyze: true },
    ]);

    const passes = await database.upkeep();
    expect(passes).toEqual([
      { table: 'probe', vacuumed: true, analyzed: true, ms: expect.any(Number) as number },
    ]);
    expect(await probeStats()).toEqual({ vacuumed: true, analyzed: true, rowEstimate: 2_000 });

    await publishCounters();
    expect(await tablesDueForUpkeep(database.db)).toEqual([]);
  });

  it('takes the table again once a fifth of its rows are dead, by autovacuum settings', async () => {
    await insertProbeRows(2_000);
    await upkeepDueTables(database.db);
    // 50 + 20% of 2,000 dead rows are needed for a vacuum, 50 + 10% changes for an analyze.
    await database.db.execute(sql`delete from probe where id <= 300`);
    await publishCounters();
    expect(await tablesDueForUpkeep(database.db)).toEqual([
      { schemaName: 'public', tableName: 'probe', needsVacuum: false, needsAnalyze: true },
    ]);
    await database.db.execute(sql`delete from probe where id <= 500`);
    await publishCounters();
    expect(await tablesDueForUpkeep(database.db)).toEqual([
      { schemaName: 'public', tableName: 'probe', needsVacuum: true, needsAnalyze: true },
    ]);
    await upkeepDueTables(database.db);
    expect((await probeStats()).rowEstimate).toBe(1_500);
  });

  it('finds after a restart the tables that changed before it, by their size', async () => {
    // PGlite forgets the change counters when it closes: the pages counted are what is left.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'unban-upkeep-'));
    const open = async () => pgliteDatabase(await PGlite.create(dataDir));
    const fill = async (handle: DatabaseHandle, from: number, to: number) => {
      await handle.db.execute(
        sql`insert into kept select n, repeat('x', 100) from generate_series(${from}::int, ${to}::int) n`,
      );
    };
    let kept: DatabaseHandle | undefined;
    try {
      kept = await open();
      await kept.db.execute(sql`create table kept (id int primary key, note text)`);
      await fill(kept, 1, 2_000);
      await kept.close();

      kept = await open();
      expect(await tablesDueForUpkeep(kept.db)).toEqual([
        { schemaName: 'public', tableName: 'kept', needsVacuum: true, needsAnalyze: true },
      ]);
      await kept.upkeep();
      await fill(kept, 2_001, 2_300);
      await kept.close();

      // 15% more pages: an analyze (past 10%), not yet a vacuum (20%).
      kept = await open();
      expect(await tablesDueForUpkeep(kept.db)).toEqual([
        { schemaName: 'public', tableName: 'kept', needsVacuum: false, needsAnalyze: true },
      ]);
      await kept.upkeep();
      expect(await tablesDueForUpkeep(kept.db)).toEqual([]);
    } finally {
      // Closed before its folder goes, also when an expectation failed.
      await kept?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { driverStatement } from './driver-rows';
import { isoFromTimestamptzText } from './time-text';

describe('isoFromTimestamptzText', () => {
  it.each([
    ['2026-11-28 15:30:00.123456+00', '2026-11-28T15:30:00.123Z'],
    ['2026-11-28 15:30:00.999999+00', '2026-11-28T15:30:00.999Z'],
    ['2026-11-28 15:30:00.1+00', '2026-11-28T15:30:00.100Z'],
    ['2026-11-28 15:30:00.02+00', '2026-11-28T15:30:00.020Z'],
    ['2026-11-28 15:30:00+00', '2026-11-28T15:30:00.000Z'],
    // Another session time zone: the driver's parser, the same instant in UTC.
    ['2026-11-28 16:30:00.5+01', '2026-11-28T15:30:00.500Z'],
    ['2026-11-28 21:00:00.25+05:30', '2026-11-28T15:30:00.250Z'],
    ['2026-11-28 10:30:00-05', '2026-11-28T15:30:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(isoFromTimestamptzText(text)).toBe(iso);
  });
});

/*
 * What the database writes, on the one the suite runs on (PGlite, or PostgreSQL in CI), in
 * the session's time zone and in another: the text converts to what Date#toISOString writes.
 */
describe('a timestamptz cast to text by the database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const times = [
    '2026-11-28T15:30:00.123Z',
    '2026-11-28T15:30:00.000Z',
    '2026-01-01T00:00:00.100Z',
    '1999-12-31T23:59:59.999Z',
  ];

  async function castTimes(): Promise<string[]> {
    // 456 µs past each time: the text carries them, the API's time drops them.
    const rows = await driverStatement<{ time: string }>(
      database.db,
      `select (t::timestamptz + interval '456 microseconds')::text as time
         from json_array_elements_text($1::json) as t`,
      [JSON.stringify(times)],
    );
    return rows.map((row) => isoFromTimestamptzText(row.time));
  }

  it('in the session time zone', async () => {
    expect(await castTimes()).toEqual(times);
  });

  it('in a time zone other than UTC', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      const result = await tx.execute(
        sql`select (t::timestamptz)::text as time
              from json_array_elements_text(${JSON.stringify(times)}::json) as t`,
      );
      // Both drivers answer with the rows under `rows`.
      const rows = (result as unknown as { rows: { time: string }[] }).rows;
      expect(rows[0]?.time).toMatch(/\+05:30$/);
      expect(rows.map((row) => isoFromTimestamptzText(row.time))).toEqual(times);
    });
  });
});

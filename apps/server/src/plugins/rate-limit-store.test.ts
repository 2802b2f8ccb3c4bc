import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { databaseRateLimitStore } from './rate-limit-store';
import type { DatabaseRateLimitStore } from './rate-limit-store';

const MINUTE = 60_000;

describe('the shared rate-limit store', () => {
  let database: DatabaseHandle;
  let first: DatabaseRateLimitStore;
  let second: DatabaseRateLimitStore;
  const errors: unknown[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    // Flushed by the tests, not by the clock.
    const options = { flushEveryMs: 3_600_000 };
    first = databaseRateLimitStore(database.db, (error) => errors.push(error), options);
    second = databaseRateLimitStore(database.db, (error) => errors.push(error), options);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
    expect(errors).toEqual([]);
  });

  /** One request counted by an instance: the count it answers with. */
  const count = (store: DatabaseRateLimitStore, key: string, max: number) =>
    new Promise<number>((resolve, reject) => {
      new store.Store({}).incr(
        key,
        (error, result) => (result ? resolve(result.current) : reject(error)),
        MINUTE,
        max,
      );
    });
  const stored = async (key: string) =>
    (
      await database.db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, key))
    )[0]?.count;

  it('counts far from the limit in memory, and adds it to the shared count at the flush', async () => {
    const answers = [];
    for (let request = 0; request < 10; request += 1) answers.push(await count(first, 'a', 100));
    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Only the first request of the window was written at once.
    expect(await stored('a')).toBe(1);
    await first.flush();
    expect(await stored('a')).toBe(10);
    expect(await count(second, 'a', 100)).toBe(11);
  });

  it('decides past half the limit on the exact shared count, across instances', async () => {
    const max = 4;
    expect(await count(first, 'b', max)).toBe(1);
    // 2 is half the limit: counted in memory, not yet shared.
    expect(await count(first, 'b', max)).toBe(2);
    expect(await count(second, 'b', max)).toBe(2);
    expect(await count(second, 'b', max)).toBe(3);
    // The first instance sends its waiting request with this one: 5 requests, 5 counted.
    expect(await count(first, 'b', max)).toBe(5);
    expect(await stored('b')).toBe(5);
  });
});

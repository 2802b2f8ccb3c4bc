import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDatabase } from './client';
import type { DatabaseHandle } from './client';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = pgliteDatabase(await PGlite.create());
});
afterAll(() => handle?.close());

/** How many statements of a loop of `count` had run when a timer set at its start fired. */
async function statementsBeforeTimer(run: () => Promise<unknown>, count: number) {
  let done = 0;
  let seenByTimer: number | null = null;
  setTimeout(() => {
    seenByTimer = done;
  }, 0);
  for (; done < count; done += 1) await run();
  return seenByTimer ?? count;
}

describe('the embedded database takes turns with the event loop', () => {
  it('lets a timer run in the middle of a loop of statements', async () => {
    const seen = await statementsBeforeTimer(() => handle.db.execute(sql`select 1`), 200);
    expect(seen).toBeLessThan(200);
  });

  it('does so inside transactions and on the driver itself', async () => {
    const inTransactions = await statementsBeforeTimer(
      () => handle.db.transaction(async (tx) => tx.execute(sql`select 1`)),
      100,
    );
    expect(inTransactions).toBeLessThan(100);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const onTheDriver = await statementsBeforeTimer(() => client.query('select 1'), 200);
    expect(onTheDriver).toBeLessThan(200);
  });
});

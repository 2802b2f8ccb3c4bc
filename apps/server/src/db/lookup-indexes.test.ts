import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsAboutRequests } from '../jobs/email-outbox';
import { listFailedEmails } from '../jobs/outbox-worker';
import { eventsOfSandboxSession } from '../payments/providers/sandbox';
import { dueRefundJobRows } from '../payments/refunds';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { outbox, paymentEvents } from './schema';

/*
 * The lookups among rows that are never deleted (every e-mail sent stays in the outbox, every
 * provider event in the webhook inbox) each go through an index of their own. Plans, not
 * timings: with sequential scans priced out, a query that an index can serve names it in its
 * plan, and one that no index can serve still reads the whole table. The queries are the
 * product's own (the same functions build them), with their values bound as the product binds
 * them, so a change that stops matching the index's expression or predicate fails here.
 */

const REQUEST_IDS = [
  '0190b6a2-8f3c-7d4e-9a1b-2c3d4e5f6a7b',
  '0190b6a2-8f3c-7d4e-9a1b-2c3d4e5f6a7c',
];
const SESSION_CORE = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';

describe('lookups among rows that are kept', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  async function planOf(query: SQLWrapper): Promise<string> {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      // Both drivers answer with the rows under `rows`.
      const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  const selectOutbox = (condition: SQL) =>
    database.db.select({ id: outbox.id }).from(outbox).where(condition);

  it('finds the e-mails about a few requests by the requests (export, erasure)', async () => {
    expect(await planOf(selectOutbox(emailsAboutRequests(REQUEST_IDS)))).toContain(
      'outbox_request_id_idx',
    );
  });

  it("lists the failed e-mails through the failed ones' index", async () => {
    expect(await planOf(listFailedEmails(database.db))).toContain(
      'outbox_failed_created_at_id_idx',
    );
  });

  it('finds the due refund jobs through the index of due jobs', async () => {
    expect(await planOf(dueRefundJobRows(database.db, 20))).toContain('outbox_due_idx');
  });

  it("finds a sandbox session's events by the session, not by reading every event", async () => {
    const query = database.db
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(eventsOfSandboxSession(SESSION_CORE));
    expect(await planOf(query)).toContain('payment_events_sandbox_object_id_idx');
  });
});

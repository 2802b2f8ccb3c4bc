import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { outbox } from '../db/schema';
import { enqueueCaseEmail } from '../cases/case-emails';
import { emailJobs, insertTestRequest } from '../test/email-fixtures';
import { createTestDatabase } from '../test/test-database';
import type { Mailer, OutgoingEmail } from './mailer';
import { claimDueEmails, requeueFailedEmail, runEmailWorkerTick } from './outbox-worker';
import type { EmailWorkerDeps } from './outbox-worker';
import { defaultSiteIdentity } from '@unban/contract/site-config';

const publicUrl = 'https://unban.example.test';
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

function deps(db: Database, mailer: Mailer, settings: EmailWorkerDeps['settings'] = {}) {
  return {
    db,
    mailer,
    publicUrl,
    identity: defaultSiteIdentity,
    log: quietLog,
    settings,
  } satisfies EmailWorkerDeps;
}

async function queuedEmail() {
  const request = await insertTestRequest(database.db, {});
  await database.db.transaction((tx) =>
    enqueueCaseEmail(tx, {
      request,
      template: 'payment_received',
      state: 'queued',
      caseEventId: `event-${request.id}`,
      messageToCustomer: null,
    }),
  );
  const [job] = await emailJobs(database.db, request.id);
  if (!job) throw new Error('no job');
  return job;
}

async function jobById(id: string) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

describe('outbox claims', () => {
  it('leases each job only when its send starts, so a slow send cannot let another worker take the next', async () => {
    await database.db.delete(outbox);
    const first = await queuedEmail();
    const second = await queuedEmail();
    const sends: OutgoingEmail[] = [];
    let secondJobStatusDuringFirstSend: string | undefined;
    const slowMailer: Mailer = {
      name: 'dev-mailbox',
      async send(email) {
        sends.push(email);
        if (email.idempotencyKey === first.idempotencyKey) {
          // While one slow SMTP try runs, the other job is not claimed yet: its lease
          // cannot run out and be taken by another instance while it waits its turn.
          secondJobStatusDuringFirstSend = (await jobById(second.id)).status;
        }
      },
      close: async () => {},
    };
    expect(await runEmailWorkerTick(deps(database.db, slowMailer))).toMatchObject({ sent: 2 });
    expect(secondJobStatusDuringFirstSend).toBe('pending');
    expect(sends).toHaveLength(2);
  });

  it('claims no more jobs than asked, however the planner joins the claim', async () => {
    await database.db.delete(outbox);
    await Promise.all([queuedEmail(), queuedEmail(), queuedEmail()]);
    // A nested loop runs the claim's choice of jobs again for each row it joins, and with
    // SKIP LOCKED each run passes over the rows already taken to the next: a fresh embedded
    // database planned it so and claimed every due job for a batch of one, leaving all but
    // the first leased and unsent for a minute.
    const claimed = await database.db.transaction(async (tx) => {
      // The plan that runs it again for every row: no hash or merge join, nothing kept.
      for (const setting of ['hashjoin', 'mergejoin', 'material', 'hashagg']) {
        await tx.execute(sql.raw(`set local enable_${setting} = off`));
      }
      const result = await tx.execute(sql`select "id" from claim_due_emails(1, 60, 8)`);
      // Both drivers answer with the rows under `rows`.
      return (result as unknown as { rows: { id: string }[] }).rows;
    });
    expect(claimed).toHaveLength(1);
    const jobs = await emailJobs(database.db);
    expect(jobs.map((job) => job.status).sort()).toEqual(['pending', 'pending', 'sending']);
  });

  it('never claims a job past its last attempt, even one left `sending` by a dead worker', async () => {
    await database.db.delete(outbox);
    const job = await queuedEmail();
    // A worker that keeps dying mid-send (the job crashes it, or the host is recycled).
    await database.db
      .update(outbox)
      .set({ status: 'sending', attempts: 8, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, job.id));
    expect(
      await claimDueEmails(database.db, { batchSize: 10, leaseSeconds: 60, maxAttempts: 8 }),
    ).toEqual([]);
    expect(await jobById(job.id)).toMatchObject({ status: 'failed', attempts: 8 });
  });
});

describe('re-queueing a failed e-mail', () => {
  it('puts it back as a fresh job, once', async () => {
    await database.db.delete(outbox);
    const job = await queuedEmail();
    await database.db
      .update(outbox)
      .set({ status: 'failed', attempts: 8, lastError: 'SMTP 550' })
      .where(eq(outbox.id, job.id));

    expect(await requeueFailedEmail(database.db, job.id)).toBe(true);
    expect(await jobById(job.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    // Not failed any more: a second click changes nothing.
    expect(await requeueFailedEmail(database.db, job.id)).toBe(false);

    const sends: OutgoingEmail[] = [];
    const mailer: Mailer = {
      name: 'dev-mailbox',
      send: async (email) => void sends.push(email),
      close: async () => {},
    };
    expect(await runEmailWorkerTick(deps(database.db, mailer))).toMatchObject({ sent: 1 });
    expect(sends.map((email) => email.idempotencyKey)).toEqual([job.idempotencyKey]);
  });
});

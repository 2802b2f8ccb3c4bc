import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDatabase } from '../db/client';
import type { Database, DatabaseHandle } from '../db/client';
import { mailboxMessages, outbox } from '../db/schema';
import { enqueueCaseEmail } from '../cases/case-emails';
import { createTestDatabase } from '../test/test-database';
import { createDevMailbox, listMailboxMessages } from './dev-mailbox';
import { emailJobs, insertTestRequest, mailboxOf } from '../test/email-fixtures';
import { renderEmail } from './email-templates';
import type { Mailer, OutgoingEmail } from './mailer';
import {
  claimDueEmails,
  deliverEmailJob,
  listFailedEmails,
  runEmailWorkerTick,
  createEmailWorker,
} from './outbox-worker';
import type { EmailWorkerDeps } from './outbox-worker';
import { defaultSiteIdentity } from '@unban/contract/site-config';

const publicUrl = 'https://unban.example.test';
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

let database: DatabaseHandle;
/**
 * A second connection pool to the same database on Postgres, so two workers really run on
 * separate connections. PGlite has one connection: there the two workers' statements take
 * turns, which still checks that claims never overlap.
 */
let second: DatabaseHandle | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const result = await database.db.execute(sql`select current_database() as name`);
    const name = z.object({ rows: z.tuple([z.object({ name: z.string() })]) }).parse(result)
      .rows[0].name;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    second = await createDatabase({ databaseUrl: url.toString(), dataDir: null });
  }
});
afterAll(async () => {
  await second?.close();
  await database?.close();
});

/** The dev mailbox, recording every call (including repeats it drops). */
function recordingMailbox(db: Database): Mailer & { calls: OutgoingEmail[] } {
  const inner = createDevMailbox({ db, publicUrl, log: quietLog });
  const calls: OutgoingEmail[] = [];
  return {
    name: 'dev-mailbox',
    calls,
    async send(email) {
      calls.push(email);
      await inner.send(email);
    },
    close: async () => {},
  };
}

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

/** Enqueues one e-mail about a new request, as a committed case move would. */
async function queuedEmail(contactEmail?: string) {
  const request = await insertTestRequest(database.db, contactEmail ? { contactEmail } : {});
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
  return { request, job };
}

async function jobById(id: string) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

/** Makes a waiting job due now, as if its retry delay or lease had run out. */
async function makeDue(id: string) {
  await database.db
    .update(outbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(outbox.id, id));
}

async function clearOutbox() {
  await database.db.delete(outbox);
}

describe('the e-mail worker', () => {
  it('sends a due e-mail to the dev mailbox once and marks it sent', async () => {
    await clearOutbox();
    const { request, job } = await queuedEmail('sent.once@example.test');
    const mailer = recordingMailbox(database.db);
    expect(await runEmailWorkerTick(deps(database.db, mailer))).toEqual({
      sent: 1,
      retry: 0,
      failed: 0,
    });
    expect(await runEmailWorkerTick(deps(database.db, mailer))).toEqual({
      sent: 0,
      retry: 0,
      failed: 0,
    });

    const stored = await jobById(job.id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
    const mailbox = await mailboxOf(database.db, 'sent.once@example.test');
    expect(mailbox).toHaveLength(1);
    expect(mailbox[0]).toMatchObject({ requestId: request.id, idempotencyKey: job.idempotencyKey });
    expect(mailbox[0]?.subject).toBe(`${request.reference}: Payment received`);
    expect(mailbox[0]?.text).toContain(`${publicUrl}/#/requests/${request.id}`);
    expect(mailer.calls.map((call) => call.idempotencyKey)).toEqual([job.idempotencyKey]);
  });

  it('leaves payment.refund jobs to the payments module', async () => {
    await clearOutbox();
    await database.db.insert(outbox).values({
      kind: 'payment.refund',
      idempotencyKey: 'refund:not-for-the-e-mail-worker',
      payload: { paymentId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', cause: 'operator' },
    });
    const mailer = recordingMailbox(database.db);
    await runEmailWorkerTick(deps(database.db, mailer));
    const [refund] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'payment.refund'));
    expect(refund).toMatchObject({ status: 'pending', attempts: 0 });
    expect(mailer.calls).toEqual([]);
  });

  it('delivers each message exactly once when two workers run at the same time', async () => {
    await clearOutbox();
    const jobs = await Promise.all(
      Array.from({ length: 12 }, (_, index) => queuedEmail(`pair${index}@example.test`)),
    );
    const first = recordingMailbox(database.db);
    const otherDb = second?.db ?? database.db;
    const other = recordingMailbox(otherDb);
    const settings = { batchSize: 4 };
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([
        runEmailWorkerTick(deps(database.db, first, settings)),
        runEmailWorkerTick(deps(otherDb, other, settings)),
      ]);
    }
    const sentKeys = [...first.calls, ...other.calls].map((call) => call.idempotencyKey);
    expect(sentKeys).toHaveLength(12);
    expect(new Set(sentKeys).size).toBe(12);
    expect(first.calls.length).toBeGreaterThan(0);
    expect(other.calls.length).toBeGreaterThan(0);
    for (const { request, job } of jobs) {
      expect(await mailboxOf(database.db, request.contactEmail)).toHaveLength(1);
      expect((await jobById(job.id)).status).toBe('sent');
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'claims other rows, without waiting, while another connection holds some (Postgres)',
    async () => {
      await clearOutbox();
      const jobs = await Promise.all(
        Array.from({ length: 4 }, (_, index) => queuedEmail(`held${index}@example.test`)),
      );
      const held = jobs.slice(0, 2).map(({ job }) => job.id);
      const otherDb = second?.db;
      if (!otherDb) throw new Error('the second pool is missing');
      const mailer = recordingMailbox(database.db);
      await otherDb.transaction(async (tx) => {
        // Another worker in the middle of its claim: these rows are locked until it commits.
        await tx.select().from(outbox).where(inArray(outbox.id, held)).for('update');
        const tick = runEmailWorkerTick(deps(database.db, mailer));
        const timeout = new Promise<'blocked'>((resolve) =>
          setTimeout(() => resolve('blocked'), 3_000),
        );
        expect(await Promise.race([tick, timeout])).toEqual({ sent: 2, retry: 0, failed: 0 });
      });
      expect(mailer.calls.map((call) => call.to).sort()).toEqual([
        'held2@example.test',
        'held3@example.test',
      ]);
      for (const id of held) expect((await jobById(id)).status).toBe('pending');
    },
  );

  it('never shows a duplicate when a worker dies between sending and marking', async () => {
    await clearOutbox();
    const { request, job } = await queuedEmail('crash@example.test');
    // Worker A claims and sends, then dies before recording it: the job stays `sending`.
    const [claimed] = await claimDueEmails(database.db, { batchSize: 10, leaseSeconds: 60 });
    expect(claimed).toMatchObject({ id: job.id, status: 'sending', attempts: 1 });
    const a = recordingMailbox(database.db);
    await a.send({
      idempotencyKey: job.idempotencyKey,
      requestId: request.id,
      to: request.contactEmail,
      ...renderEmail(
        'payment_received',
        {
          requestId: request.id,
          reference: request.reference,
          state: 'queued',
          plan: 'standard',
          messageToCustomer: null,
        },
        publicUrl,
        defaultSiteIdentity,
      ),
    });

    // While the lease holds, nobody else takes the job.
    const b = recordingMailbox(database.db);
    await runEmailWorkerTick(deps(database.db, b));
    expect(b.calls).toEqual([]);

    // The lease runs out: worker B takes the job over and sends it again, under the same key.
    await makeDue(job.id);
    expect(await runEmailWorkerTick(deps(database.db, b))).toMatchObject({ sent: 1 });
    expect(b.calls.map((call) => call.idempotencyKey)).toEqual([job.idempotencyKey]);
    expect(await mailboxOf(database.db, 'crash@example.test')).toHaveLength(1);
    expect(await jobById(job.id)).toMatchObject({ status: 'sent', attempts: 2 });

    // Worker A comes back late with its stale claim: it must not undo B's record.
    if (!claimed) throw new Error('no claim');
    const failing: Mailer = {
      name: 'dev-mailbox',
      send: () => Promise.reject(new Error('late')),
      close: async () => {},
    };
    await deliverEmailJob(deps(database.db, failing), claimed);
    expect(await jobById(job.id)).toMatchObject({ status: 'sent', lastError: null });
  });

  it('keeps one copy when the send succeeds but recording it fails', async () => {
    await clearOutbox();
    const { job } = await queuedEmail('lost.ack@example.test');
    const mailbox = recordingMailbox(database.db);
    // The message leaves, then the connection drops before the worker hears back.
    const flaky: Mailer = {
      name: 'dev-mailbox',
      async send(email) {
        await mailbox.send(email);
        throw new Error('connection reset after the message was accepted');
      },
      close: async () => {},
    };
    expect(await runEmailWorkerTick(deps(database.db, flaky))).toMatchObject({ retry: 1 });
    await makeDue(job.id);
    expect(await runEmailWorkerTick(deps(database.db, mailbox))).toMatchObject({ sent: 1 });
    expect(mailbox.calls).toHaveLength(2);
    expect(await mailboxOf(database.db, 'lost.ack@example.test')).toHaveLength(1);
  });

  it('retries with a growing delay and gives up after the last try', async () => {
    await clearOutbox();
    const { job } = await queuedEmail('bounce@example.test');
    const down: Mailer = {
      name: 'smtp',
      send: () => Promise.reject(new Error('SMTP server unreachable')),
      close: async () => {},
    };
    const settings = { maxAttempts: 3, retryDelaySeconds: (attempts: number) => 60 * attempts };
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const before = Date.now();
      expect(await runEmailWorkerTick(deps(database.db, down, settings))).toMatchObject({
        retry: 1,
      });
      const stored = await jobById(job.id);
      expect(stored).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastError: 'SMTP server unreachable',
      });
      delays.push(Math.round((stored.nextAttemptAt.getTime() - before) / 1000));
      // Not due before its delay has passed.
      expect(await runEmailWorkerTick(deps(database.db, down, settings))).toMatchObject({
        retry: 0,
      });
      await makeDue(job.id);
    }
    expect(delays[0]).toBeGreaterThanOrEqual(55);
    expect(delays[0]).toBeLessThanOrEqual(65);
    expect(delays[1]).toBeGreaterThanOrEqual(115);
    expect(delays[1]).toBeLessThanOrEqual(125);

    expect(await runEmailWorkerTick(deps(database.db, down, settings))).toMatchObject({
      failed: 1,
    });
    expect(await jobById(job.id)).toMatchObject({ status: 'failed', attempts: 3 });
    await makeDue(job.id);
    expect(await runEmailWorkerTick(deps(database.db, down, settings))).toMatchObject({
      failed: 0,
      retry: 0,
    });
    const failed = await listFailedEmails(database.db);
    expect(failed.map((row) => row.id)).toEqual([job.id]);
    expect(failed[0]?.lastError).toBe('SMTP server unreachable');
  });

  it('fails a job whose payload cannot be read without trying to send it', async () => {
    await clearOutbox();
    await database.db.insert(outbox).values({
      kind: 'email.payment_received',
      idempotencyKey: 'email:broken',
      payload: { to: 'nobody' },
    });
    const mailer = recordingMailbox(database.db);
    expect(await runEmailWorkerTick(deps(database.db, mailer))).toMatchObject({ failed: 1 });
    expect(mailer.calls).toEqual([]);
    expect((await listFailedEmails(database.db)).map((row) => row.idempotencyKey)).toEqual([
      'email:broken',
    ]);
  });

  it('runs on its own timer until stopped', async () => {
    await clearOutbox();
    const { request } = await queuedEmail('timer@example.test');
    const mailer = recordingMailbox(database.db);
    const worker = createEmailWorker({ ...deps(database.db, mailer), intervalMs: 20 });
    worker.start();
    try {
      await expect
        .poll(() => mailboxOf(database.db, 'timer@example.test'), { timeout: 5_000 })
        .toHaveLength(1);
    } finally {
      await worker.stop();
    }
    const messages = await listMailboxMessages(database.db, { requestId: request.id, limit: 10 });
    expect(messages).toHaveLength(1);
    const afterStop = await queuedEmail('after.stop@example.test');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailboxOf(database.db, afterStop.request.contactEmail)).toEqual([]);
  });
});

describe('createEmailWorker', () => {
  it('sends nothing before start, and drains a backlog bigger than a batch in one nudge', async () => {
    await clearOutbox();
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => queuedEmail(`backlog${index}@example.test`)),
    );
    const mailer = recordingMailbox(database.db);
    const worker = createEmailWorker({
      ...deps(database.db, mailer, { batchSize: 2 }),
      intervalMs: 60_000,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(mailer.calls).toEqual([]);
      await worker.nudge();
      expect(mailer.calls).toHaveLength(5);
    } finally {
      await worker.stop();
    }
  });
});

describe('the dev mailbox', () => {
  it('lists the newest messages first, by case or by recipient', async () => {
    const mailbox = createDevMailbox({ db: database.db, publicUrl, log: quietLog });
    const request = await insertTestRequest(database.db, { contactEmail: 'list@example.test' });
    for (const subject of ['first', 'second']) {
      await mailbox.send({
        idempotencyKey: `list:${subject}`,
        requestId: request.id,
        to: 'list@example.test',
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
      });
    }
    const byCase = await listMailboxMessages(database.db, { requestId: request.id, limit: 10 });
    expect(byCase.map((message) => message.subject)).toEqual(['second', 'first']);
    const byRecipient = await listMailboxMessages(database.db, {
      to: 'LIST@example.test',
      limit: 1,
    });
    expect(byRecipient.map((message) => message.subject)).toEqual(['second']);
    const all = await database.db.select().from(mailboxMessages);
    expect(all.length).toBeGreaterThanOrEqual(2);
  });
});

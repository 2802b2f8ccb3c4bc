import { and, desc, eq, getTableColumns, gte, like, lte, sql } from 'drizzle-orm';
import type { SiteIdentity } from '@unban/contract/site-config';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { driverStatement } from '../db/driver-rows';
import { outbox } from '../db/schema';
import type { OutboxRow } from '../db/schema';
import { escapeHtml } from '@unban/contract/escape-html';
import {
  APPEAL_EMAIL_KIND,
  EMAIL_KIND_PREFIX,
  appealEmailPayloadSchema,
  emailPayloadSchema,
} from './email-outbox';
import type { OutgoingEmail } from './mailer';
import { renderEmail } from './email-templates';
import type { Mailer } from './mailer';

/*
 * The e-mail side of the outbox. Delivery is at-least-once: a job is claimed (status
 * `sending` with a lease in `next_attempt_at`, one job per claim), sent, then marked `sent`. If the worker dies
 * after sending but before marking, the lease runs out and another worker sends the job
 * again with the same idempotency key: the dev mailbox keeps one copy per key; SMTP gets
 * the same Message-ID (the receiving side may or may not fold the copies).
 *
 * `payment.refund` jobs share the table but have their own runner
 * (payments/refunds.ts); this worker claims `email.*` rows only.
 */

export interface EmailWorkerSettings {
  /** Jobs one tick sends at most (each claimed on its own, just before its send). */
  batchSize: number;
  /** How long a claim is left to its worker before another may take the job over. */
  leaseSeconds: number;
  /** Tries before a job is given up as `failed` (shown to operators). */
  maxAttempts: number;
  /** Wait before the next try after `attempts` failed tries. */
  retryDelaySeconds(attempts: number): number;
}

/** 30 s, 1 min, 2 min … capped at 1 h: about 1 h 4 min of tries in all before giving up. */
export function defaultRetryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export const defaultEmailWorkerSettings: EmailWorkerSettings = {
  batchSize: 10,
  // Longer than the SMTP mailer's own timeouts, so a live worker is never overtaken.
  leaseSeconds: 60,
  maxAttempts: 8,
  retryDelaySeconds: defaultRetryDelaySeconds,
};

export interface EmailWorkerDeps {
  db: Database;
  mailer: Mailer;
  /** Links in e-mails point here. */
  publicUrl: string;
  /** Whose words the e-mails are in: brand, app, support address, plans. */
  identity: SiteIdentity;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  settings?: Partial<EmailWorkerSettings>;
}

function settingsOf(deps: EmailWorkerDeps): EmailWorkerSettings {
  return { ...defaultEmailWorkerSettings, ...deps.settings };
}

const isEmailJob = like(outbox.kind, `${EMAIL_KIND_PREFIX}%`);

/** Marks `failed` the jobs a worker left `sending` on their last try, once their lease ran out. */
async function failExhaustedEmails(db: Database, maxAttempts: number): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'failed',
      lastError: sql`coalesce(${outbox.lastError}, 'The worker stopped during the last try.')`,
    })
    .where(
      and(
        isEmailJob,
        eq(outbox.status, 'sending'),
        lte(outbox.nextAttemptAt, sql`now()`),
        gte(outbox.attempts, maxAttempts),
      ),
    );
}

/*
 * The claim is the database's function claim_due_emails (migrations 0015 and 0017): the due
 * e-mail jobs in order of `next_attempt_at`, locked with SKIP LOCKED, taken with a lease. It
 * plans with sorting off, so it always walks outbox_due_idx in order: without statistics on
 * the outbox the planner chose to sort the whole backlog instead, 45 to 60 ms a claim
 * (decision 012). It chooses its jobs once, into an array: chosen in a joined subquery, a plan
 * that ran the subquery again per row claimed every due job for a batch of one (0017).
 * Its rows come back keyed by their fields' names, as Drizzle would map them.
 */
const CLAIM_DUE_EMAILS = `select ${Object.entries(getTableColumns(outbox))
  .map(([field, column]) => `"${column.name}" as "${field}"`)
  .join(', ')} from claim_due_emails($1, $2, $3)`;

/**
 * Claims due e-mail jobs: new or waiting for a retry (`pending`), or claimed by a worker
 * whose lease ran out (`sending`), never one that has used all its attempts: such a job
 * left `sending` by a worker that died on its last try is marked `failed` instead. SKIP
 * LOCKED lets workers on other connections or instances claim other rows at the same moment
 * instead of waiting or taking the same ones. The worker claims one job at a time
 * (`batchSize` 1), so each lease starts when that job's send starts.
 */
export async function claimDueEmails(
  db: Database,
  settings: Pick<EmailWorkerSettings, 'batchSize' | 'leaseSeconds'> &
    Partial<Pick<EmailWorkerSettings, 'maxAttempts'>> & {
      /** Mark the jobs left on their last try failed first (default true). */
      failExhausted?: boolean;
    },
): Promise<OutboxRow[]> {
  const maxAttempts = settings.maxAttempts ?? defaultEmailWorkerSettings.maxAttempts;
  if (settings.failExhausted !== false) await failExhaustedEmails(db, maxAttempts);
  return driverStatement<OutboxRow>(db, CLAIM_DUE_EMAILS, [
    settings.batchSize,
    settings.leaseSeconds,
    maxAttempts,
  ]);
}

/**
 * An operator's second chance for an e-mail given up as `failed` (after the address or
 * the mail server was fixed): it becomes a new pending job with all its attempts, under the
 * same idempotency key. @returns false when the job is not a failed e-mail (any more)
 */
export async function requeueFailedEmail(db: Database, jobId: string): Promise<boolean> {
  const requeued = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(and(eq(outbox.id, jobId), isEmailJob, eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  return requeued.length > 0;
}

/** Only the holder of the current claim may record its outcome (the attempt count names it). */
function heldClaim(job: OutboxRow) {
  return and(
    eq(outbox.id, job.id),
    eq(outbox.status, 'sending'),
    eq(outbox.attempts, job.attempts),
  );
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

export type EmailJobOutcome = 'sent' | 'retry' | 'failed';

/**
 * The e-mail a job sends, made when it is sent (a template renders then, so its links follow
 * PUBLIC_URL), or null for a payload this code cannot read. An appeal is sent as written.
 */
function outgoingEmailOf(
  job: OutboxRow,
  publicUrl: string,
  identity: SiteIdentity,
): (() => OutgoingEmail) | null {
  if (job.kind === APPEAL_EMAIL_KIND) {
    const appeal = appealEmailPayloadSchema.safeParse(job.payload);
    if (!appeal.success) return null;
    const { to, replyTo, requestId, subject, text } = appeal.data;
    return () => ({
      idempotencyKey: job.idempotencyKey,
      requestId,
      to,
      replyTo,
      subject,
      text,
      html: `<!doctype html><html><body><pre style="font-family: sans-serif; white-space: pre-wrap">${escapeHtml(text)}</pre></body></html>`,
    });
  }
  const payload = emailPayloadSchema.safeParse(job.payload);
  if (!payload.success) return null;
  const { to, template, data } = payload.data;
  return () => ({
    idempotencyKey: job.idempotencyKey,
    requestId: data.requestId,
    to,
    ...renderEmail(template, data, publicUrl, identity),
  });
}

/** Sends one claimed job and records the outcome. Never throws for a send failure. */
export async function deliverEmailJob(
  deps: EmailWorkerDeps,
  job: OutboxRow,
): Promise<EmailJobOutcome> {
  const settings = settingsOf(deps);
  const email = outgoingEmailOf(job, deps.publicUrl, deps.identity);
  if (!email) {
    // A payload this code cannot read will not become readable by waiting.
    deps.log.error({ jobId: job.id, kind: job.kind }, 'e-mail job has an unreadable payload');
    await deps.db
      .update(outbox)
      .set({ status: 'failed', lastError: 'The job payload cannot be read.' })
      .where(heldClaim(job));
    return 'failed';
  }

  try {
    await deps.mailer.send(email());
  } catch (error) {
    const finalTry = job.attempts >= settings.maxAttempts;
    if (finalTry) {
      deps.log.error(
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts },
        'e-mail failed for good; operators see it among the failed e-mails',
      );
    } else {
      deps.log.warn(
        { err: error, jobId: job.id, attempts: job.attempts },
        'e-mail failed; will retry',
      );
    }
    await deps.db
      .update(outbox)
      .set({
        status: finalTry ? 'failed' : 'pending',
        lastError: errorText(error),
        ...(finalTry
          ? {}
          : {
              nextAttemptAt: sql`now() + make_interval(secs => ${settings.retryDelaySeconds(job.attempts)})`,
            }),
      })
      .where(heldClaim(job));
    return finalTry ? 'failed' : 'retry';
  }

  await deps.db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(heldClaim(job));
  return 'sent';
}

export interface EmailTickResult {
  sent: number;
  retry: number;
  failed: number;
}

/**
 * One pass: up to `batchSize` due e-mails, each claimed just before it is sent. Claiming a
 * whole batch at once would start every lease together, and a few slow SMTP tries could
 * outlast the later jobs' leases while they wait, letting another instance send them too.
 */
export async function runEmailWorkerTick(deps: EmailWorkerDeps): Promise<EmailTickResult> {
  const settings = settingsOf(deps);
  const result: EmailTickResult = { sent: 0, retry: 0, failed: 0 };
  for (let done = 0; done < settings.batchSize; done += 1) {
    // Jobs left on their last try are marked failed once a tick, not before every claim: a
    // statement less per e-mail while a backlog drains (decision 012). The claim skips them.
    const [job] = await claimDueEmails(deps.db, {
      ...settings,
      batchSize: 1,
      failExhausted: done === 0,
    });
    if (!job) break;
    result[await deliverEmailJob(deps, job)] += 1;
  }
  return result;
}

export interface EmailWorker {
  /** Starts the timer (once the database is migrated); calling it again does nothing. */
  start(): void;
  /** Runs a tick now (e.g. right after a commit that enqueued an e-mail); never throws. */
  nudge(): Promise<void>;
  /** Stops the timer and waits for the tick in progress. */
  stop(): Promise<void>;
}

/**
 * Runs ticks every `intervalMs` once started, one at a time in this process; other
 * processes are kept apart by the claims. A tick that finds a full batch runs again at
 * once, so a backlog drains without waiting for the timer.
 */
export function createEmailWorker(deps: EmailWorkerDeps & { intervalMs: number }): EmailWorker {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const batchSize = settingsOf(deps).batchSize;

  async function drain(): Promise<void> {
    for (;;) {
      const result = await runEmailWorkerTick(deps);
      if (stopped || result.sent + result.retry + result.failed < batchSize) return;
    }
  }

  function nudge(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= drain()
      .catch((error: unknown) => deps.log.error({ err: error }, 'e-mail worker tick failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      if (stopped || timer) return;
      timer = setInterval(() => void nudge(), deps.intervalMs);
      timer.unref();
    },
    nudge,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * E-mails given up after their last try, newest first (for the back office), through
 * outbox_failed_created_at_id_idx. The query itself, so a test can read its plan.
 */
export function listFailedEmails(db: Database, limit = 100) {
  return db
    .select()
    .from(outbox)
    .where(and(isEmailJob, eq(outbox.status, 'failed')))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

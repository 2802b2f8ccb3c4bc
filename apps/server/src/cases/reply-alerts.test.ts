import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, replyDeadlines } from '../db/schema';
import { emailPayloadSchema } from '../jobs/email-outbox';
import { renderEmail } from '../jobs/email-templates';
import { insertRequest, sandboxPress } from '../test/payment-fixtures';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { sweepReplyAlerts } from './reply-alerts';
import { defaultSiteIdentity } from '@unban/contract/site-config';

let subject: TestApp;
const db = () => subject.database.db;
const settings = { alertBeforeMinutes: 60, alertTo: 'team@unban.example' };
const MINUTE_MS = 60_000;

beforeAll(async () => {
  subject = await createTestApp();
  await subject.app.ready();
});

afterAll(() => subject?.close());

/** A paid case whose running deadline falls `minutes` from `now`. */
async function caseDueIn(minutes: number, now: Date) {
  const { request, statusToken } = await insertRequest(db());
  const checkout = await subject.app.payments.startCheckout(db(), { request, statusToken });
  await sandboxPress(subject.app, checkout.checkoutUrl, 'pay');
  const dueAt = new Date(now.getTime() + minutes * MINUTE_MS);
  const [deadline] = await db()
    .update(replyDeadlines)
    .set({ startedAt: new Date(dueAt.getTime() - 480 * MINUTE_MS), dueAt })
    .where(eq(replyDeadlines.requestId, request.id))
    .returning();
  if (!deadline) throw new Error('paying started no deadline');
  return { request, deadline };
}

function alertJobs() {
  return db().select().from(outbox).where(like(outbox.idempotencyKey, 'email:reply-due:%'));
}

describe('sweepReplyAlerts', () => {
  it('warns the operators once about each deadline due within the window, missed ones included', async () => {
    const now = new Date();
    const soon = await caseDueIn(30, now);
    const missed = await caseDueIn(-10, now);
    const later = await caseDueIn(180, now);
    const answered = await caseDueIn(20, now);
    await db()
      .update(replyDeadlines)
      .set({ answeredAt: now })
      .where(eq(replyDeadlines.id, answered.deadline.id));

    expect(await sweepReplyAlerts(db(), settings, now)).toBe(2);
    expect(await sweepReplyAlerts(db(), settings, now)).toBe(0);

    const jobs = await alertJobs();
    expect(jobs.map((job) => job.idempotencyKey).sort()).toEqual(
      [`email:reply-due:${soon.deadline.id}`, `email:reply-due:${missed.deadline.id}`].sort(),
    );
    for (const job of jobs) {
      expect(job.kind).toBe('email.reply_due_soon');
      expect(emailPayloadSchema.parse(job.payload)).toMatchObject({
        to: 'team@unban.example',
        template: 'reply_due_soon',
      });
    }
    const [laterRow] = await db()
      .select()
      .from(replyDeadlines)
      .where(eq(replyDeadlines.id, later.deadline.id));
    expect(laterRow?.alertedAt).toBeNull();

    // Two hours on, the later one enters the window: warned then, and only it.
    expect(await sweepReplyAlerts(db(), settings, new Date(now.getTime() + 130 * MINUTE_MS))).toBe(
      1,
    );
    expect(await alertJobs()).toHaveLength(3);
  });

  it('writes an e-mail that names the case, its plan and the deadline, linking to the back office', async () => {
    const now = new Date();
    const { request } = await caseDueIn(45, now);
    await sweepReplyAlerts(db(), settings, now);
    const [job] = (await alertJobs()).filter(
      (row) => emailPayloadSchema.parse(row.payload).data.requestId === request.id,
    );
    const payload = emailPayloadSchema.parse(job?.payload);
    const email = renderEmail(
      payload.template,
      payload.data,
      'https://unban.example',
      defaultSiteIdentity,
    );
    expect(email.subject).toMatch(new RegExp(`^${request.reference}: reply due by .+ UTC$`));
    expect(email.text).toContain('Standard plan, Queued');
    expect(email.text).toContain('within 1 business day');
    expect(email.text).toContain(`https://unban.example/#/admin/requests/${request.id}`);
    expect(email.html).toContain(`href="https://unban.example/#/admin/requests/${request.id}"`);
  });
});

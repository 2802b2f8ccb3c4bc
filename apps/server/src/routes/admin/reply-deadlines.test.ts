import { recordTestAppeal } from '../../test/appeal-fixtures';
import { and, asc, eq } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaseSchema } from '@unban/contract/admin';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { replyDeadlines, requests } from '../../db/schema';
import { authEmulator } from '../../test/auth-emulator';
import { signUpAnonymously, signUpStaff } from '../../test/auth-tokens';
import type { PasswordUser, SignedInUser } from '../../test/auth-tokens';
import { insertRequest, readRequest, sandboxPress } from '../../test/payment-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import type { ReplyCalendar } from '../../domain/reply-deadline';

/*
 * The plans' reply deadlines through the API, on the real database: paying starts the
 * clock, an operator's move or message answers it, the customer's answer starts it again.
 * The app's calendar is open around the clock, so a deadline is exactly the plan's promise
 * after its start and the test does not depend on the day it runs.
 */

const alwaysOpen: ReplyCalendar = {
  timeZone: 'UTC',
  workingDays: [1, 2, 3, 4, 5, 6, 7],
  opensAtMinute: 0,
  closesAtMinute: 24 * 60,
  holidays: [],
  plans: defaultSiteIdentity.plans,
};
const HOUR_MS = 3_600_000;

let subject: TestApp;
let operator: PasswordUser;
let customer: SignedInUser;

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  const base = testConfig();
  subject = await createTestApp({
    config: {
      firebase: { ...base.firebase, projectId, authEmulatorHost: host },
      replyDeadlines: { ...base.replyDeadlines, calendar: alwaysOpen },
    },
  });
  await subject.app.ready();
  const auth: Auth = getFirebaseAuth({ projectId });
  [operator, customer] = await Promise.all([signUpStaff(auth, 'operator'), signUpAnonymously()]);
});

afterAll(() => subject?.close());

const db = () => subject.database.db;

async function paidCase(plan: 'standard' | 'priority' = 'standard') {
  const { request, statusToken } = await insertRequest(db(), {
    ownerUid: customer.uid,
    plan,
    priceAmount: plan === 'priority' ? 8900 : 4900,
  });
  const checkout = await subject.app.payments.startCheckout(db(), { request, statusToken });
  await sandboxPress(subject.app, checkout.checkoutUrl, 'pay');
  return readRequest(db(), request.id);
}

function deadlinesOf(requestId: string) {
  return db()
    .select()
    .from(replyDeadlines)
    .where(eq(replyDeadlines.requestId, requestId))
    .orderBy(asc(replyDeadlines.startedAt), asc(replyDeadlines.id));
}

async function operatorPost(requestId: string, action: string, body: Record<string, unknown>) {
  const response = await subject.app.inject({
    method: 'POST',
    url: `/api/admin/requests/${requestId}/${action}`,
    headers: { authorization: `Bearer ${operator.idToken}` },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminCaseSchema.parse(response.json());
}

async function move(requestId: string, to: string, extra: Record<string, unknown> = {}) {
  if (to === 'appeal_submitted') await recordTestAppeal(db(), requestId);
  const { version } = await readRequest(db(), requestId);
  return operatorPost(requestId, 'transitions', { to, expectedVersion: version, ...extra });
}

/** Moves the case's running deadline `hours` into the past, as if it had been missed. */
async function missDeadline(requestId: string, hours: number) {
  const [pending] = (await deadlinesOf(requestId)).filter((row) => row.answeredAt === null);
  if (!pending) throw new Error('no running deadline');
  const dueAt = new Date(Date.now() - hours * HOUR_MS);
  const startedAt = new Date(dueAt.getTime() - 8 * HOUR_MS);
  await db()
    .update(replyDeadlines)
    .set({ dueAt, startedAt })
    .where(eq(replyDeadlines.id, pending.id));
  await db().update(requests).set({ replyDueAt: dueAt }).where(eq(requests.id, requestId));
}

describe('reply deadlines', () => {
  it('start when the payment is confirmed: the plan promise after that, in business time', async () => {
    const standard = await paidCase('standard');
    const priority = await paidCase('priority');
    for (const [request, hours] of [
      [standard, 8],
      [priority, 4],
    ] as const) {
      expect(request.caseState).toBe('queued');
      const [deadline, ...others] = await deadlinesOf(request.id);
      expect(others).toEqual([]);
      expect(deadline).toMatchObject({ plan: request.plan, answeredAt: null, alertedAt: null });
      expect(deadline!.dueAt.getTime() - deadline!.startedAt.getTime()).toBe(hours * HOUR_MS);
      expect(request.replyDueAt).toEqual(deadline!.dueAt);
      expect(Math.abs(deadline!.startedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });

  it('are answered on time by the operator picking the case up, which starts the next one', async () => {
    const paid = await paidCase();
    const [first] = await deadlinesOf(paid.id);
    await move(paid.id, 'in_review', { internalNote: 'Taking it.' });

    const [answered, next, ...others] = await deadlinesOf(paid.id);
    expect(others).toEqual([]);
    expect(answered!.id).toBe(first!.id);
    expect(answered!.answeredAt!.getTime()).toBeLessThanOrEqual(answered!.dueAt.getTime());
    expect(next!.answeredAt).toBeNull();
    expect(next!.startedAt).toEqual(answered!.answeredAt);
    expect((await readRequest(db(), paid.id)).replyDueAt).toEqual(next!.dueAt);
  });

  it('stop while the customer owes the answer and start again when they reply', async () => {
    const paid = await paidCase();
    await move(paid.id, 'in_review');
    await move(paid.id, 'needs_info', { messageToCustomer: 'When did the ban happen?' });
    expect((await readRequest(db(), paid.id)).replyDueAt).toBeNull();
    expect((await deadlinesOf(paid.id)).every((row) => row.answeredAt !== null)).toBe(true);

    const replied = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${paid.id}/replies`,
      headers: { authorization: `Bearer ${customer.idToken}` },
      payload: { message: 'Last Monday, around noon.' },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const rows = await deadlinesOf(paid.id);
    expect(rows).toHaveLength(3);
    const pending = rows.filter((row) => row.answeredAt === null);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.dueAt.getTime() - pending[0]!.startedAt.getTime()).toBe(8 * HOUR_MS);
    expect((await readRequest(db(), paid.id)).replyDueAt).toEqual(pending[0]!.dueAt);
  });

  it('are answered by a message to the customer (late when past due), never by an internal note', async () => {
    const paid = await paidCase('priority');
    await move(paid.id, 'in_review');
    await missDeadline(paid.id, 2);

    await operatorPost(paid.id, 'notes', { internalNote: 'Still checking.' });
    const unanswered = (await deadlinesOf(paid.id)).filter((row) => row.answeredAt === null);
    expect(unanswered).toHaveLength(1);

    await operatorPost(paid.id, 'notes', {
      messageToCustomer: 'We are on it, sorry for the wait.',
    });
    const [late] = await db()
      .select()
      .from(replyDeadlines)
      .where(and(eq(replyDeadlines.id, unanswered[0]!.id)));
    expect(late!.answeredAt!.getTime()).toBeGreaterThan(late!.dueAt.getTime());
    const running = (await deadlinesOf(paid.id)).filter((row) => row.answeredAt === null);
    expect(running).toHaveLength(1);
    expect(running[0]!.dueAt.getTime() - running[0]!.startedAt.getTime()).toBe(4 * HOUR_MS);
  });

  it('end with the wait: a case the operator decides on has no deadline', async () => {
    const paid = await paidCase();
    await move(paid.id, 'in_review');
    await move(paid.id, 'appeal_submitted', { messageToCustomer: 'Appeal sent.' });
    expect((await readRequest(db(), paid.id)).replyDueAt).toBeNull();
    expect((await deadlinesOf(paid.id)).filter((row) => row.answeredAt === null)).toEqual([]);
  });
});

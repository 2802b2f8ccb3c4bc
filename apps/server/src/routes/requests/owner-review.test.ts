import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealWorkbenchSchema } from '@unban/contract/appeals';
import type { AppealWorkbench } from '@unban/contract/appeals';
import { dataExportSchema } from '@unban/contract/data-rights';
import { errorBodySchema } from '@unban/contract/errors';
import { requestDetailSchema } from '@unban/contract/requests';
import type { RequestDetail } from '@unban/contract/requests';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { sweepOwnerReviewReminders } from '../../cases/owner-review-reminders';
import { appeals, outbox, ownerReviews } from '../../db/schema';
import { emailPayloadSchema } from '../../jobs/email-outbox';
import { authEmulator } from '../../test/auth-emulator';
import { signUpStaff } from '../../test/auth-tokens';
import type { PasswordUser } from '../../test/auth-tokens';
import { readRequest, timeline } from '../../test/payment-fixtures';
import {
  bearer,
  createdRequest,
  moveCase,
  newCustomer,
  validRequestBody,
} from '../../test/request-fixtures';
import type { Customer } from '../../test/request-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/*
 * The owner's in-app review (docs/decisions/022): the operator asks from the appeal
 * workbench, the owner sees the steps on their case page and confirms, the confirmation is
 * the appeal through the in-app review channel, and an owner who does not confirm in time is
 * reminded once.
 */

let subject: TestApp;
let operator: PasswordUser;

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: { firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host } },
  });
  await subject.app.ready();
  operator = await signUpStaff(getFirebaseAuth({ projectId }), 'operator');
});
afterAll(() => subject?.close());

const db = () => subject.database.db;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function asOperator(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return subject.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${operator.idToken}` },
    ...(payload ? { payload } : {}),
  });
}

async function workbench(id: string): Promise<AppealWorkbench> {
  const response = await asOperator('GET', `/api/admin/requests/${id}/appeals`);
  expect(response.statusCode, response.body).toBe(200);
  return appealWorkbenchSchema.parse(response.json());
}

/** A customer's paid case an operator has started reviewing. */
async function caseInReview(body: Record<string, unknown> = validRequestBody()) {
  const owner = await newCustomer();
  const created = await createdRequest(subject, owner, body);
  await moveCase(db(), created.id, [
    { to: 'queued', actor: 'system' },
    { to: 'in_review', actor: 'operator' },
  ]);
  return { owner, id: created.id };
}

async function ask(id: string, extra: Record<string, unknown> = {}) {
  const bench = await workbench(id);
  if (!bench.ownerReview) throw new Error('the playbook has no in-app review channel');
  return asOperator('POST', `/api/admin/requests/${id}/owner-review`, {
    channelIndex: bench.ownerReview.channelIndex,
    expectedVersion: bench.caseVersion,
    ...extra,
  });
}

function confirm(id: string, who: { idToken: string; uid: string }) {
  return subject.app.inject({
    method: 'POST',
    url: `/api/requests/${id}/owner-review/confirm`,
    headers: bearer(who),
    payload: { confirm: true },
  });
}

async function detail(id: string, owner: Customer): Promise<RequestDetail> {
  const response = await subject.app.inject({
    method: 'GET',
    url: `/api/requests/${id}`,
    headers: bearer(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  return requestDetailSchema.parse(response.json());
}

async function emailsOf(id: string, template: string) {
  const rows = await db()
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.kind, `email.${template}`), like(outbox.idempotencyKey, `email:owner-review%`)),
    );
  return rows
    .map((row) => emailPayloadSchema.parse(row.payload))
    .filter((payload) => payload.data.requestId === id);
}

function codeOf(response: { json: () => unknown }) {
  return errorBodySchema.parse(response.json()).error.code;
}

describe('asking the owner for the in-app review', () => {
  it('records the request, tells the customer with the steps for their phone, and e-mails them', async () => {
    const { owner, id } = await caseInReview();
    const response = await ask(id, { message: 'Mention your bakery orders.' });
    expect(response.statusCode, response.body).toBe(200);
    const bench = appealWorkbenchSchema.parse(response.json());
    expect(bench.ownerReview?.canAsk).toBe(false);
    expect(bench.ownerReview?.requests).toHaveLength(1);
    expect(bench.ownerReview?.requests[0]?.confirmedAt).toBeNull();
    expect(bench.ownerReview?.requests[0]?.requestedByUid).toBe(operator.uid);

    const page = await detail(id, owner);
    expect(page.caseState).toBe('in_review');
    expect(page.ownerReview?.canConfirm).toBe(true);
    expect(page.ownerReview?.confirmedAt).toBeNull();
    expect(page.ownerReview?.message).toBe('Mention your bakery orders.');
    expect(page.ownerReview?.steps.join('\n')).toContain('Android phone');
    expect(page.ownerReview?.steps.join('\n')).toContain('Google Play Store');
    expect(page.ownerReview?.steps.join('\n')).toContain('“Request a review”');
    expect(page.timeline.at(-1)?.messageToCustomer).toContain(
      'Please request a review in WhatsApp yourself',
    );
    // The system's request as a code; the operator's own words travel with it, as written.
    expect(page.timeline.at(-1)?.notice).toEqual({
      kind: 'owner_review_requested',
      app: 'WhatsApp',
      message: 'Mention your bakery orders.',
    });

    const [email] = await emailsOf(id, 'owner_review_requested');
    expect(email?.to).toBe('customer@example.test');
    expect(email?.data.steps).toEqual(page.ownerReview?.steps);
    expect(email?.data.messageToCustomer).toBe('Mention your bakery orders.');
  });

  it('gives an iPhone owner the App Store, and WhatsApp Business its own name', async () => {
    const { owner, id } = await caseInReview(
      validRequestBody({ device: 'iphone', messagingApp: 'whatsapp_business' }),
    );
    expect((await ask(id)).statusCode).toBe(200);
    const steps = (await detail(id, owner)).ownerReview?.steps.join('\n') ?? '';
    expect(steps).toContain('iPhone');
    expect(steps).toContain('the App Store');
    expect(steps).toContain('Open WhatsApp Business');
    expect(steps).not.toContain('Google Play');
  });

  it('refuses a second request while one waits, another channel, and a stale version', async () => {
    const { id } = await caseInReview();
    const bench = await workbench(id);
    const email = bench.channels.find((channel) => channel.kind === 'support-email');
    const wrong = await asOperator('POST', `/api/admin/requests/${id}/owner-review`, {
      channelIndex: email?.index,
      expectedVersion: bench.caseVersion,
    });
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('VALIDATION_FAILED');
    const stale = await asOperator('POST', `/api/admin/requests/${id}/owner-review`, {
      channelIndex: bench.ownerReview?.channelIndex,
      expectedVersion: bench.caseVersion - 1,
    });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect((await ask(id)).statusCode).toBe(200);
    const again = await ask(id);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('OWNER_REVIEW_OPEN');
    expect(await emailsOf(id, 'owner_review_requested')).toHaveLength(1);
  });

  it('is not offered before the review starts', async () => {
    const owner = await newCustomer();
    const created = await createdRequest(subject, owner);
    await moveCase(db(), created.id, [{ to: 'queued', actor: 'system' }]);
    const bench = await workbench(created.id);
    expect(bench.ownerReview?.canAsk).toBe(false);
    const response = await asOperator('POST', `/api/admin/requests/${created.id}/owner-review`, {
      channelIndex: bench.ownerReview?.channelIndex ?? 0,
      expectedVersion: bench.caseVersion,
    });
    expect(codeOf(response)).toBe('INVALID_TRANSITION');
  });
});

describe('the owner confirms', () => {
  it('records the time and the appeal, moves the case to appeal submitted, and shows it to the operator', async () => {
    const { owner, id } = await caseInReview();
    expect((await ask(id)).statusCode).toBe(200);
    const before = Date.now();
    const response = await confirm(id, owner);
    expect(response.statusCode, response.body).toBe(200);
    const page = requestDetailSchema.parse(response.json());
    expect(page.caseState).toBe('appeal_submitted');
    expect(page.ownerReview?.canConfirm).toBe(false);
    const confirmedAt = Date.parse(page.ownerReview?.confirmedAt ?? '');
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 1000);

    const lines = page.timeline.map((entry) => entry.messageToCustomer);
    expect(lines).toContain('You confirmed that you sent the review request in WhatsApp.');
    expect(page.timeline.map((entry) => entry.notice?.kind)).toEqual(
      expect.arrayContaining(['owner_review_confirmed', 'owner_review_is_appeal']),
    );
    const moves = await timeline(db(), id);
    expect(moves.at(-1)).toMatchObject({
      from: 'in_review',
      to: 'appeal_submitted',
      actor: 'system',
    });
    expect(moves.at(-2)).toMatchObject({ from: 'in_review', to: 'in_review', actor: 'customer' });

    const [appeal, ...more] = await db().select().from(appeals).where(eq(appeals.requestId, id));
    expect(more).toHaveLength(0);
    expect(appeal).toMatchObject({
      channelKind: 'in-app-review-by-owner',
      delivery: 'recorded',
      kind: 'appeal',
      operatorUid: operator.uid,
    });
    expect(appeal!.nextFollowUpAt!.getTime() - appeal!.submittedAt.getTime()).toBe(7 * DAY_MS);
    expect((await readRequest(db(), id)).followUpDueAt?.getTime()).toBe(
      appeal!.nextFollowUpAt!.getTime(),
    );

    const bench = await workbench(id);
    expect(bench.ownerReview?.requests[0]?.confirmedAt).toBe(page.ownerReview?.confirmedAt);
    expect(bench.ownerReview?.canAsk).toBe(true);
    expect(bench.appeals.map((a) => a.channelKind)).toEqual(['in-app-review-by-owner']);
  });

  it('takes a second click as the same confirmation', async () => {
    const { owner, id } = await caseInReview();
    expect((await ask(id)).statusCode).toBe(200);
    const first = requestDetailSchema.parse((await confirm(id, owner)).json());
    const second = await confirm(id, owner);
    expect(second.statusCode).toBe(200);
    const page = requestDetailSchema.parse(second.json());
    expect(page.ownerReview?.confirmedAt).toBe(first.ownerReview?.confirmedAt);
    expect(page.timeline).toHaveLength(first.timeline.length);
    expect(await db().select().from(appeals).where(eq(appeals.requestId, id))).toHaveLength(1);
  });

  it('records a confirmation on a case already with the platform without moving it', async () => {
    const { owner, id } = await caseInReview();
    await moveCase(db(), id, [{ to: 'appeal_submitted', actor: 'operator' }]);
    expect((await ask(id)).statusCode).toBe(200);
    const page = requestDetailSchema.parse((await confirm(id, owner)).json());
    expect(page.caseState).toBe('appeal_submitted');
    expect(page.ownerReview?.confirmedAt).not.toBeNull();
  });

  it('answers only the owner, and only when asked', async () => {
    const { owner, id } = await caseInReview();
    const early = await confirm(id, owner);
    expect(early.statusCode).toBe(409);
    expect(codeOf(early)).toBe('OWNER_REVIEW_NOT_REQUESTED');
    expect((await ask(id)).statusCode).toBe(200);
    expect((await confirm(id, await newCustomer())).statusCode).toBe(404);
    expect((await confirm(id, operator)).statusCode).toBe(404);
    const empty = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${id}/owner-review/confirm`,
      headers: bearer(owner),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect((await readRequest(db(), id)).caseState).toBe('in_review');
  });

  it('lists the requests and the confirmation in the customer’s data export', async () => {
    const { owner, id } = await caseInReview();
    expect((await ask(id, { message: 'Thank you!' })).statusCode).toBe(200);
    await confirm(id, owner);
    const response = await subject.app.inject({
      method: 'GET',
      url: '/api/account/data',
      headers: bearer(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [exported] = dataExportSchema.parse(response.json()).requests;
    expect(exported?.ownerReviews).toHaveLength(1);
    expect(exported?.ownerReviews[0]?.message).toBe('Thank you!');
    expect(exported?.ownerReviews[0]?.confirmedAt).toBe(exported?.ownerReview?.confirmedAt);
  });
});

describe('erasure', () => {
  it('blanks the operator’s words and the owner’s uid, keeping the times', async () => {
    const { owner, id } = await caseInReview();
    expect((await ask(id, { message: 'Mention your bakery orders.' })).statusCode).toBe(200);
    expect((await confirm(id, owner)).statusCode).toBe(200);
    await moveCase(db(), id, [{ to: 'unbanned', actor: 'operator' }]);
    const erased = await subject.app.inject({
      method: 'DELETE',
      url: '/api/account/data',
      headers: bearer(owner),
      payload: { confirm: true },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await db().select().from(ownerReviews).where(eq(ownerReviews.requestId, id));
    expect(row).toMatchObject({ message: null, confirmedByUid: null });
    expect(row?.confirmedAt).not.toBeNull();
    expect(row?.requestedAt).not.toBeNull();
  });
});

describe('the reminder', () => {
  const settings = { reminderAfterHours: 24 };

  it('e-mails an owner who has not confirmed within the setting, once', async () => {
    const { owner, id } = await caseInReview();
    expect((await ask(id)).statusCode).toBe(200);
    const asked = Date.now();
    // Other tests' requests may be due in the same sweep: count this case's e-mails only.
    await sweepOwnerReviewReminders(db(), settings, new Date(asked + 23 * HOUR_MS));
    expect(await emailsOf(id, 'owner_review_reminder')).toHaveLength(0);
    await sweepOwnerReviewReminders(db(), settings, new Date(asked + 25 * HOUR_MS));
    const [reminder, ...more] = await emailsOf(id, 'owner_review_reminder');
    expect(more).toHaveLength(0);
    expect(reminder?.data.steps?.length).toBeGreaterThan(3);
    await sweepOwnerReviewReminders(db(), settings, new Date(asked + 50 * HOUR_MS));
    expect(await emailsOf(id, 'owner_review_reminder')).toHaveLength(1);

    const bench = await workbench(id);
    expect(bench.ownerReview?.requests[0]?.reminderSentAt).not.toBeNull();
    // Reminded, the owner can still confirm.
    expect((await confirm(id, owner)).statusCode).toBe(200);
  });

  it('leaves an owner who confirmed, or a case that ended, alone', async () => {
    const confirmed = await caseInReview();
    expect((await ask(confirmed.id)).statusCode).toBe(200);
    expect((await confirm(confirmed.id, confirmed.owner)).statusCode).toBe(200);
    const ended = await caseInReview();
    expect((await ask(ended.id)).statusCode).toBe(200);
    await moveCase(db(), ended.id, [{ to: 'not_eligible', actor: 'operator' }]);

    await sweepOwnerReviewReminders(db(), settings, new Date(Date.now() + 48 * HOUR_MS));
    expect(await emailsOf(confirmed.id, 'owner_review_reminder')).toHaveLength(0);
    expect(await emailsOf(ended.id, 'owner_review_reminder')).toHaveLength(0);
  });
});

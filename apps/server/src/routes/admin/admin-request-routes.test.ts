import { eq } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCaseSchema } from '@unban/contract/admin';
import type { AdminCase } from '@unban/contract/admin';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { caseEvents, outbox } from '../../db/schema';
import {
  insertRequest,
  operatorMoves,
  orderWithCheckout,
  readPayment,
  readRequest,
  sandboxPress,
} from '../../test/payment-fixtures';
import { authEmulator } from '../../test/auth-emulator';
import { signUpStaff } from '../../test/auth-tokens';
import type { PasswordUser } from '../../test/auth-tokens';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let subject: TestApp;
let auth: Auth;
let operator: PasswordUser;
let otherOperator: PasswordUser;

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: { firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host } },
  });
  await subject.app.ready();
  auth = getFirebaseAuth({ projectId });
  [operator, otherOperator] = await Promise.all([
    signUpStaff(auth, 'operator'),
    signUpStaff(auth, 'operator'),
  ]);
});

afterAll(() => subject?.close());

const db = () => subject.database.db;

function post(url: string, body: unknown, token = operator.idToken) {
  return subject.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: body as Record<string, unknown>,
  });
}

async function readCase(id: string): Promise<AdminCase> {
  const response = await subject.app.inject({
    method: 'GET',
    url: `/api/admin/requests/${id}`,
    headers: { authorization: `Bearer ${operator.idToken}` },
  });
  expect(response.statusCode).toBe(200);
  return adminCaseSchema.parse(response.json());
}

/** A request paid through the sandbox, so the case is queued and its payment paid. */
async function paidCase() {
  const order = await orderWithCheckout(db(), subject.app);
  await sandboxPress(subject.app, order.checkout.checkoutUrl, 'pay');
  return order;
}

describe('GET /api/admin/requests/:id', () => {
  it('shows the full case: full phone, payments, internal notes with actor uids, next states', async () => {
    const { request } = await paidCase();
    await operatorMoves(db(), subject.app, request.id, ['in_review']);
    const noted = await post(`/api/admin/requests/${request.id}/notes`, {
      internalNote: 'Checked the number, looks genuine.',
    });
    expect(noted.statusCode).toBe(200);

    const view = await readCase(request.id);
    expect(view.answers.phone).toBe('+447700900123');
    expect(view.phoneMasked).not.toContain('900123');
    expect(view.caseState).toBe('in_review');
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({ state: 'paid', amountMinor: 4900 });
    expect(view.allowedNextStates).toEqual(['needs_info', 'appeal_submitted', 'not_eligible']);
    expect(view.timeline.at(-1)).toMatchObject({
      actor: 'operator',
      actorUid: operator.uid,
      fromState: 'in_review',
      toState: 'in_review',
      internalNote: 'Checked the number, looks genuine.',
    });
  });

  it('answers 404 NOT_FOUND for an unknown id and for something that is no id', async () => {
    for (const id of ['0190b4e4-9a5b-7cc0-8000-000000000000', 'not-an-id']) {
      const response = await subject.app.inject({
        method: 'GET',
        url: `/api/admin/requests/${id}`,
        headers: { authorization: `Bearer ${operator.idToken}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});

describe('POST /api/admin/requests/:id/transitions', () => {
  it('moves the case, bumps the version and records the operator in the timeline', async () => {
    const { request } = await paidCase();
    const before = await readCase(request.id);
    const response = await post(`/api/admin/requests/${request.id}/transitions`, {
      to: 'in_review',
      expectedVersion: before.version,
      internalNote: 'Taking it.',
    });
    expect(response.statusCode).toBe(200);
    const after = adminCaseSchema.parse(response.json());
    expect(after.caseState).toBe('in_review');
    expect(after.version).toBe(before.version + 1);
    expect(after.timeline.at(-1)).toMatchObject({
      actor: 'operator',
      actorUid: operator.uid,
      fromState: 'queued',
      toState: 'in_review',
      internalNote: 'Taking it.',
    });
  });

  it('refuses an edge the case machine does not have with 409 INVALID_TRANSITION', async () => {
    const { request } = await paidCase();
    const before = await readCase(request.id);
    const response = await post(`/api/admin/requests/${request.id}/transitions`, {
      to: 'unbanned',
      expectedVersion: before.version,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_TRANSITION' } });
    expect((await readCase(request.id)).version).toBe(before.version);
  });

  it('refuses a stale version with 409 CONFLICT', async () => {
    const { request } = await paidCase();
    const before = await readCase(request.id);
    const response = await post(`/api/admin/requests/${request.id}/transitions`, {
      to: 'in_review',
      expectedVersion: before.version - 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'CONFLICT' } });
  });

  it('lets exactly one of two operators acting on the same version win', async () => {
    const { request } = await paidCase();
    const before = await readCase(request.id);
    const responses = await Promise.all([
      post(
        `/api/admin/requests/${request.id}/transitions`,
        { to: 'in_review', expectedVersion: before.version },
        operator.idToken,
      ),
      post(
        `/api/admin/requests/${request.id}/transitions`,
        { to: 'in_review', expectedVersion: before.version },
        otherOperator.idToken,
      ),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.statusCode === 409);
    expect(loser?.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    const moves = await db().select().from(caseEvents).where(eq(caseEvents.requestId, request.id));
    expect(moves.filter((m) => m.toState === 'in_review')).toHaveLength(1);
  });

  it('asks for information only with a question for the customer', async () => {
    const { request } = await paidCase();
    await operatorMoves(db(), subject.app, request.id, ['in_review']);
    const before = await readCase(request.id);
    const without = await post(`/api/admin/requests/${request.id}/transitions`, {
      to: 'needs_info',
      expectedVersion: before.version,
      messageToCustomer: '   ',
    });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { messageToCustomer: expect.any(String) } },
    });

    const asked = await post(`/api/admin/requests/${request.id}/transitions`, {
      to: 'needs_info',
      expectedVersion: before.version,
      messageToCustomer: 'Which phone model do you use?',
    });
    expect(asked.statusCode).toBe(200);
    expect(adminCaseSchema.parse(asked.json()).timeline.at(-1)).toMatchObject({
      toState: 'needs_info',
      messageToCustomer: 'Which phone model do you use?',
    });
  });

  it('refunds a denied case automatically: refund_pending at commit, then refunded', async () => {
    const { request, payment } = await paidCase();
    await operatorMoves(db(), subject.app, request.id, ['in_review', 'appeal_submitted']);
    const before = await readCase(request.id);

    // What the payment looks like when the committed move hands its refunds to the provider.
    const startRefunds = subject.app.payments.startRefunds;
    let atCommit: string | undefined;
    const spy = vi
      .spyOn(subject.app.payments, 'startRefunds')
      .mockImplementationOnce(async (pending) => {
        atCommit = (await readPayment(db(), payment.id)).state;
        return startRefunds(pending);
      });
    try {
      const response = await post(`/api/admin/requests/${request.id}/transitions`, {
        to: 'denied',
        expectedVersion: before.version,
        messageToCustomer: 'WhatsApp kept the ban.',
      });
      expect(response.statusCode).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(atCommit).toBe('refund_pending');
    expect((await readPayment(db(), payment.id)).state).toBe('refunded');
    const after = await readRequest(db(), request.id);
    expect(after).toMatchObject({ caseState: 'refunded', paymentState: 'refunded' });
    const view = await readCase(request.id);
    expect(view.timeline.slice(-2).map((e) => [e.fromState, e.toState, e.actor])).toEqual([
      ['appeal_submitted', 'denied', 'operator'],
      ['denied', 'refunded', 'system'],
    ]);
  });
});

describe('POST /api/admin/requests/:id/notes and /assign', () => {
  it('writes an internal note without changing the state', async () => {
    const { request } = await paidCase();
    const empty = await post(`/api/admin/requests/${request.id}/notes`, { internalNote: ' ' });
    expect(empty.statusCode).toBe(400);
    const response = await post(`/api/admin/requests/${request.id}/notes`, {
      internalNote: 'Customer called.',
    });
    expect(response.statusCode).toBe(200);
    const view = adminCaseSchema.parse(response.json());
    expect(view.caseState).toBe('queued');
    expect(view.timeline.at(-1)).toMatchObject({
      fromState: 'queued',
      toState: 'queued',
      internalNote: 'Customer called.',
      actorUid: operator.uid,
    });
  });

  it('assigns and unassigns with optimistic concurrency, in the audit trail', async () => {
    const { request } = await insertRequest(db());
    const assigned = await post(`/api/admin/requests/${request.id}/assign`, {
      operatorUid: otherOperator.uid,
      expectedVersion: request.version,
    });
    expect(assigned.statusCode).toBe(200);
    const view = adminCaseSchema.parse(assigned.json());
    expect(view.assignedOperatorUid).toBe(otherOperator.uid);
    expect(view.timeline.at(-1)).toMatchObject({
      actorUid: operator.uid,
      internalNote: `Assigned to operator ${otherOperator.uid}.`,
    });

    const stale = await post(`/api/admin/requests/${request.id}/assign`, {
      operatorUid: null,
      expectedVersion: request.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'CONFLICT' } });

    const released = await post(`/api/admin/requests/${request.id}/assign`, {
      operatorUid: null,
      expectedVersion: view.version,
    });
    expect(released.statusCode).toBe(200);
    expect(adminCaseSchema.parse(released.json()).assignedOperatorUid).toBeNull();
  });
});

describe('POST /api/admin/requests/:id/refund', () => {
  it('needs a reason and a confirmation', async () => {
    const { request } = await paidCase();
    const response = await post(`/api/admin/requests/${request.id}/refund`, { reason: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { reason: expect.any(String), confirm: expect.any(String) },
      },
    });
    expect((await readRequest(db(), request.id)).paymentState).toBe('paid');
  });

  it('refunds the paid attempt in full, then answers CONFLICT when nothing is left', async () => {
    const { request, payment } = await paidCase();
    const response = await post(`/api/admin/requests/${request.id}/refund`, {
      reason: 'Customer changed their mind.',
      confirm: true,
    });
    expect(response.statusCode).toBe(200);
    expect(await readPayment(db(), payment.id)).toMatchObject({
      state: 'refunded',
      refundedAmount: 4900,
    });
    const view = adminCaseSchema.parse(response.json());
    expect(
      view.timeline.some((e) => e.internalNote?.includes('Customer changed their mind.')),
    ).toBe(true);
    expect(
      view.timeline.find((e) => e.internalNote?.includes('changed their mind'))?.actorUid,
    ).toBe(operator.uid);

    const again = await post(`/api/admin/requests/${request.id}/refund`, {
      reason: 'Again',
      confirm: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'CONFLICT' } });
  });

  it('answers CONFLICT for a request that was never paid, and queues nothing', async () => {
    const { request } = await insertRequest(db());
    const jobsBefore = await db().select().from(outbox).where(eq(outbox.kind, 'payment.refund'));
    const response = await post(`/api/admin/requests/${request.id}/refund`, {
      reason: 'Duplicate',
      confirm: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    const jobsAfter = await db().select().from(outbox).where(eq(outbox.kind, 'payment.refund'));
    expect(jobsAfter).toHaveLength(jobsBefore.length);
    expect((await readCase(request.id)).timeline).toHaveLength(0);
  });
});

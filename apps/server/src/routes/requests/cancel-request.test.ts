import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { requestDetailSchema } from '@unban/contract/requests';
import { payments, replyDeadlines, requests } from '../../db/schema';
import { emailPayloadSchema } from '../../jobs/email-outbox';
import { emailJobs } from '../../test/email-fixtures';
import { refundJobs } from '../../test/payment-fixtures';
import type { SignedInUser } from '../../test/auth-tokens';
import {
  bearer,
  createRequestsTestApp,
  createdRequest,
  moveCase,
  newCustomer,
  pressSandboxButton,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';

let subject: RequestsTestApp;

beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

const db = () => subject.database.db;

function cancel(id: string, user: SignedInUser | null, payload: unknown = { confirm: true }) {
  return subject.app.inject({
    method: 'POST',
    url: `/api/requests/${id}/cancel`,
    headers: user ? bearer(user) : {},
    payload: payload as object,
  });
}

async function stored(id: string) {
  const [row] = await db().select().from(requests).where(eq(requests.id, id));
  const attempts = await db().select().from(payments).where(eq(payments.requestId, id));
  return { row, attempts };
}

async function paidRequest() {
  const customer = await newCustomer();
  const created = await createdRequest(subject, customer);
  await pressSandboxButton(subject, created.checkoutUrl, 'pay');
  expect((await stored(created.id)).row?.caseState).toBe('queued');
  return { customer, created };
}

describe('POST /api/requests/:id/cancel', () => {
  it('cancels a queued request, refunds the payment in full and e-mails the customer', async () => {
    const { customer, created } = await paidRequest();

    const response = await cancel(created.id, customer);
    expect(response.statusCode).toBe(200);
    const detail = requestDetailSchema.parse(response.json());
    expect(detail.caseState).toBe('canceled');
    expect(detail.timeline.at(-1)).toMatchObject({
      actor: 'customer',
      fromState: 'queued',
      toState: 'canceled',
    });
    expect(detail.timeline.at(-1)?.messageToCustomer).toContain('$49.00 is being refunded in full');

    // The sandbox confirms refunds at once: the whole price went back, through the provider.
    const { row, attempts } = await stored(created.id);
    expect(row).toMatchObject({
      caseState: 'canceled',
      paymentState: 'refunded',
      replyDueAt: null,
    });
    // The reply the plan promised is owed no more, and counts neither as kept nor as broken.
    expect(
      await db().select().from(replyDeadlines).where(eq(replyDeadlines.requestId, created.id)),
    ).toEqual([]);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      state: 'refunded',
      refundRequestedAmount: 4900,
      refundedAmount: 4900,
    });
    const jobs = (await refundJobs(db())).filter(
      (job) => job.idempotencyKey === `refund:${attempts[0]?.id ?? ''}`,
    );
    expect(jobs).toEqual([
      expect.objectContaining({
        status: 'sent',
        payload: expect.objectContaining({ cause: 'case_canceled' }),
      }),
    ]);

    const mails = await emailJobs(db(), created.id);
    expect(mails.map((job) => job.kind)).toEqual([
      'email.request_received',
      'email.payment_received',
      'email.request_canceled',
    ]);
    const payload = emailPayloadSchema.parse(mails.at(-1)?.payload);
    expect(payload).toMatchObject({ to: 'customer@example.test', data: { state: 'canceled' } });
    expect(payload.data.messageToCustomer).toContain('refunded in full');
  });

  it('is idempotent: a second cancel answers the same and refunds nothing more', async () => {
    const { customer, created } = await paidRequest();
    const [first, second] = await Promise.all([
      cancel(created.id, customer),
      cancel(created.id, customer),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await cancel(created.id, customer);
    expect(third.statusCode).toBe(200);
    expect(requestDetailSchema.parse(third.json()).caseState).toBe('canceled');

    const { attempts } = await stored(created.id);
    expect(attempts.map((attempt) => attempt.refundedAmount)).toEqual([4900]);
    const cancelMails = (await emailJobs(db(), created.id)).filter(
      (job) => job.kind === 'email.request_canceled',
    );
    expect(cancelMails).toHaveLength(1);
  });

  it('cancels an unpaid request without any refund', async () => {
    const customer = await newCustomer();
    const created = await createdRequest(subject, customer);
    const response = await cancel(created.id, customer);
    expect(response.statusCode).toBe(200);
    const { row, attempts } = await stored(created.id);
    expect(row?.caseState).toBe('canceled');
    expect(attempts.every((attempt) => attempt.refundRequestedAmount === 0)).toBe(true);
  });

  it('refuses with CASE_NOT_CANCELABLE once an operator has started, changing nothing', async () => {
    const { customer, created } = await paidRequest();
    await moveCase(db(), created.id, [{ to: 'in_review', actor: 'operator' }]);
    const before = await stored(created.id);

    const response = await cancel(created.id, customer);
    expect(response.statusCode).toBe(409);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('CASE_NOT_CANCELABLE');
    expect(body.error.message).toMatch(/already started work/);

    const after = await stored(created.id);
    expect(after.row).toMatchObject({ caseState: 'in_review', version: before.row?.version });
    expect(after.attempts[0]?.state).toBe('paid');
  });

  it("answers NOT_FOUND for another customer's request, an unknown id or a malformed one", async () => {
    const { created } = await paidRequest();
    const stranger = await newCustomer();
    for (const id of [created.id, '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'not-an-id']) {
      const response = await cancel(id, stranger);
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json()).error.code).toBe('NOT_FOUND');
    }
    expect((await stored(created.id)).row?.caseState).toBe('queued');
  });

  it('refuses a call without the confirmation with a clear message, changing nothing', async () => {
    const { customer, created } = await paidRequest();
    for (const payload of [{}, { confirm: false }, { confirm: 'true' }]) {
      const response = await cancel(created.id, customer, payload);
      expect(response.statusCode).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.['confirm']).toBe('Confirm that you want to cancel this request.');
    }
    expect((await stored(created.id)).row?.caseState).toBe('queued');
  });

  it('asks for a sign-in', async () => {
    const { created } = await paidRequest();
    const response = await cancel(created.id, null);
    expect(response.statusCode).toBe(401);
  });
});

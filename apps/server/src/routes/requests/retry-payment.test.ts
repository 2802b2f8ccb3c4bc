import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { retryPaymentResponseSchema } from '@unban/contract/requests';
import { payments, requests } from '../../db/schema';
import type { SignedInUser } from '../../test/auth-tokens';
import {
  bearer,
  createRequestsTestApp,
  createdRequest,
  moveCase,
  newCustomer,
  randomIp,
  setPaymentState,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';

let subject: RequestsTestApp;

beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

function retry(id: string, options: { token?: string; user?: SignedInUser } = {}) {
  const query = options.token === undefined ? '' : `?token=${encodeURIComponent(options.token)}`;
  return subject.app.inject({
    method: 'POST',
    url: `/api/requests/${id}/retry-payment${query}`,
    headers: options.user ? bearer(options.user) : {},
    // Each from its own address: retry-payment has a tight per-address limit of its own.
    remoteAddress: randomIp(),
  });
}

async function attempts(requestId: string) {
  return subject.database.db.select().from(payments).where(eq(payments.requestId, requestId));
}

describe('POST /api/requests/:id/retry-payment', () => {
  it.each(['failed', 'expired', 'unpaid'] as const)(
    'opens a new checkout for the token holder after a %s attempt',
    async (state) => {
      const created = await createdRequest(subject, await newCustomer());
      await setPaymentState(subject.database.db, created.id, state);
      const response = await retry(created.id, { token: created.statusToken });
      expect(response.statusCode).toBe(201);
      const { checkoutUrl } = retryPaymentResponseSchema.parse(response.json());
      expect(checkoutUrl).not.toBe(created.checkoutUrl);
      expect(await attempts(created.id)).toHaveLength(2);
      expect(subject.provider.sessions.at(-1)?.reference).toBe(created.reference);
      expect(subject.provider.lastReturnToken()).toBe(created.statusToken);
    },
  );

  it('takes the reference in place of the id, as the payment-status link knows only that', async () => {
    const created = await createdRequest(subject, await newCustomer());
    await setPaymentState(subject.database.db, created.id, 'failed');
    // As a person may type it: lower case, without the dash.
    const typed = created.reference.replace('-', '').toLowerCase();
    const wrongToken = await retry(typed, { token: 'x'.repeat(43) });
    expect(wrongToken.statusCode).toBe(404);
    const response = await retry(typed, { token: created.statusToken });
    expect(response.statusCode).toBe(201);
    expect(await attempts(created.id)).toHaveLength(2);
    expect(subject.provider.sessions.at(-1)?.reference).toBe(created.reference);
  });

  it('lets the signed-in owner retry without the token', async () => {
    const customer = await newCustomer();
    const created = await createdRequest(subject, customer);
    await setPaymentState(subject.database.db, created.id, 'failed');
    const response = await retry(created.id, { user: customer });
    expect(response.statusCode).toBe(201);
    // The owner has no token to hand; the status screen reads the order with their sign-in.
    expect(subject.provider.sessions.at(-1)?.reference).toBe(created.reference);
    expect(subject.provider.lastReturnToken()).toBeNull();
  });

  it.each([
    ['a wrong token', { token: 'x'.repeat(43) }],
    ['no token and no sign-in', {}],
  ])('answers %s with 404 and opens nothing', async (_label, options) => {
    const created = await createdRequest(subject, await newCustomer());
    await setPaymentState(subject.database.db, created.id, 'failed');
    const response = await retry(created.id, options);
    expect(response.statusCode).toBe(404);
    expect(await attempts(created.id)).toHaveLength(1);
  });

  it("answers another customer's retry with 404", async () => {
    const created = await createdRequest(subject, await newCustomer());
    const response = await retry(created.id, { user: await newCustomer() });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['being processed', 'processing', 'awaiting_payment', /still being processed/],
    ['paid', 'paid', 'queued', /already paid/],
    ['canceled', 'unpaid', 'canceled', /canceled/],
  ] as const)(
    'refuses a request that is %s with 409 CONFLICT',
    async (_label, payment, caseState, says) => {
      const created = await createdRequest(subject, await newCustomer());
      await subject.database.db
        .update(requests)
        .set({ paymentState: payment, caseState })
        .where(eq(requests.id, created.id));
      const response = await retry(created.id, { token: created.statusToken });
      expect(response.statusCode).toBe(409);
      const { error } = errorBodySchema.parse(response.json());
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toMatch(says);
      expect(await attempts(created.id)).toHaveLength(1);
    },
  );

  it('refuses once the payment went through and the case moved on', async () => {
    const created = await createdRequest(subject, await newCustomer());
    await setPaymentState(subject.database.db, created.id, 'paid');
    await moveCase(subject.database.db, created.id, [{ to: 'queued', actor: 'system' }]);
    expect((await retry(created.id, { token: created.statusToken })).statusCode).toBe(409);
  });

  it('answers 503 and keeps the request payable when the provider is down', async () => {
    const created = await createdRequest(subject, await newCustomer());
    await setPaymentState(subject.database.db, created.id, 'expired');
    const response = await subject.provider.whileDown(() =>
      retry(created.id, { token: created.statusToken }),
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(await attempts(created.id)).toHaveLength(1);
    expect((await retry(created.id, { token: created.statusToken })).statusCode).toBe(201);
  });
});

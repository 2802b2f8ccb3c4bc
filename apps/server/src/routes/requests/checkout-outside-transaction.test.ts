import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { payments, requests } from '../../db/schema';
import { MAX_CHECKOUT_ATTEMPTS } from '../../payments/checkout-opening';
import {
  createRequestsTestApp,
  createdRequest,
  newCustomer,
  setPaymentState,
  submitRequest,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';

let subject: RequestsTestApp;

beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

const health = () => subject.app.inject({ method: 'GET', url: '/api/health' });

describe('opening a checkout holds no database transaction over the provider call', () => {
  it('keeps the server answering while the provider is slow to open a new request', async () => {
    const slow = subject.provider.hold();
    const submitting = submitRequest(subject, await newCustomer());
    await slow.started;
    try {
      // On PGlite a transaction held open over the call would stall every other query.
      const answer = await health();
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ database: 'up' });
    } finally {
      slow.release();
    }
    expect((await submitting).statusCode).toBe(201);
  });

  it('keeps the server answering while the provider is slow on a retry', async () => {
    const created = await createdRequest(subject, await newCustomer());
    await setPaymentState(subject.database.db, created.id, 'failed');
    const slow = subject.provider.hold();
    const retrying = subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/retry-payment?token=${created.statusToken}`,
    });
    await slow.started;
    try {
      expect((await health()).statusCode).toBe(200);
    } finally {
      slow.release();
    }
    expect((await retrying).statusCode).toBe(201);
  });

  it('two retries at once still open one checkout between them', async () => {
    const created = await createdRequest(subject, await newCustomer());
    await subject.database.db
      .update(payments)
      .set({ state: 'expired' })
      .where(eq(payments.requestId, created.id));
    await setPaymentState(subject.database.db, created.id, 'expired');
    const retry = () =>
      subject.app.payments.openCheckout({
        requestId: created.id,
        statusToken: created.statusToken,
        reuseOpenAttempt: false,
      });
    const slow = subject.provider.hold();
    const first = retry();
    await slow.started;
    // The second waits for the first's checkout instead of opening one of its own; released
    // at once, the first may also finish before the second reaches the database, and the
    // second, asked before that checkout was opened, is sent to it all the same.
    const second = retry();
    slow.release();
    const [one, two] = await Promise.all([first, second]);
    expect(one.ok && two.ok && one.checkoutUrl === two.checkoutUrl).toBe(true);
    const rows = await subject.database.db
      .select()
      .from(payments)
      .where(eq(payments.requestId, created.id));
    expect(rows).toHaveLength(2);
  });
});

describe('checkout attempts per request are capped', () => {
  it(`refuses a new checkout after ${MAX_CHECKOUT_ATTEMPTS} attempts, counting failed ones`, async () => {
    const created = await createdRequest(subject, await newCustomer());
    const retry = () =>
      subject.app.inject({
        method: 'POST',
        url: `/api/requests/${created.id}/retry-payment?token=${created.statusToken}`,
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
    // The first attempt was opened with the request.
    await subject.provider.whileDown(async () => {
      for (let attempt = 2; attempt <= MAX_CHECKOUT_ATTEMPTS; attempt += 1) {
        expect((await retry()).statusCode).toBe(503);
      }
    });
    const refused = await retry();
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).error.message).toMatch(
      /too many payment attempts/i,
    );
    const [row] = await subject.database.db
      .select({ checkoutAttempts: requests.checkoutAttempts })
      .from(requests)
      .where(eq(requests.id, created.id));
    expect(row?.checkoutAttempts).toBe(MAX_CHECKOUT_ATTEMPTS);
  });
});

describe('retry-payment has a rate limit of its own', () => {
  it('refuses a burst of retries from one address', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const retry = () =>
      subject.app.inject({
        method: 'POST',
        url: `/api/requests/${created.id}/retry-payment?token=${created.statusToken}`,
        remoteAddress: '10.200.0.1',
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await retry()).statusCode);
    expect(statuses.slice(0, 6).every((status) => status !== 429)).toBe(true);
    expect(statuses[6]).toBe(429);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStatusResponseSchema } from '@unban/contract/requests';
import { payments, requests } from '../../db/schema';
import type { SignedInUser } from '../../test/auth-tokens';
import {
  bearer,
  createRequestsTestApp,
  createdRequest,
  newCustomer,
  setPaymentState,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';
import { defaultSiteIdentity } from '@unban/contract/site-config';

const { plans } = defaultSiteIdentity;

let subject: RequestsTestApp;

beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

function status(query: Record<string, string>, user?: SignedInUser) {
  return subject.app.inject({
    method: 'GET',
    url: `/api/payments/status?${new URLSearchParams(query).toString()}`,
    headers: user ? bearer(user) : {},
  });
}

function withLastCharacterChanged(token: string): string {
  return token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
}

describe('GET /api/payments/status', () => {
  it('shows the order to the holder of its token, with only the last digits of the number', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const response = await status({ order: created.reference, token: created.statusToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(paymentStatusResponseSchema.parse(response.json())).toEqual({
      reference: created.reference,
      amountMinor: plans.standard.priceMinor,
      currency: plans.standard.currency,
      paymentState: 'unpaid',
      caseState: 'awaiting_payment',
      phoneMasked: '+•• ••• ••• 143',
      plan: 'standard',
      updatedAt: expect.any(String),
      canRetry: false,
    });
    expect(response.body).not.toContain('5550143');
    expect(response.body).not.toContain('example.test');
  });

  it('finds the order by id, and by its reference typed loosely', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const loose = created.reference.slice(3).toLowerCase();
    for (const order of [created.id, loose]) {
      const response = await status({ order, token: created.statusToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ reference: created.reference });
    }
  });

  it('offers a retry once the attempt failed or expired', async () => {
    const created = await createdRequest(subject, await newCustomer());
    // The states below are written straight into the request, which the provider knows
    // nothing of: mark its attempt as just asked about, so the read shows the stored state
    // instead of reconciling it back (reconcile-stale.test.ts covers that).
    await subject.database.db
      .update(payments)
      .set({ lastReconciledAt: sql`now()` })
      .where(eq(payments.requestId, created.id));
    for (const [state, canRetry] of [
      ['failed', true],
      ['expired', true],
      ['processing', false],
      ['paid', false],
    ] as const) {
      await setPaymentState(subject.database.db, created.id, state);
      const body = paymentStatusResponseSchema.parse(
        (await status({ order: created.reference, token: created.statusToken })).json(),
      );
      expect(body).toMatchObject({ paymentState: state, canRetry });
    }
  });

  it('answers a wrong or missing token with the same 404 as an unknown order', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const other = await createdRequest(subject, await newCustomer());
    const unknown = await status({ order: 'UB-00000000', token: created.statusToken });
    expect(unknown.statusCode).toBe(404);
    const queries: Record<string, string>[] = [
      { order: created.reference, token: other.statusToken },
      { order: created.reference, token: 'short' },
      { order: created.reference },
      { order: created.id, token: withLastCharacterChanged(created.statusToken) },
    ];
    for (const query of queries) {
      const response = await status(query);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
  });

  it('shows the order to its signed-in owner without the token, and to nobody else', async () => {
    const owner = await newCustomer();
    const created = await createdRequest(subject, owner);
    expect((await status({ order: created.reference }, owner)).statusCode).toBe(200);
    expect((await status({ order: created.reference }, await newCustomer())).statusCode).toBe(404);
  });

  it('asks for the order with 400 when it is missing', async () => {
    const response = await status({ token: 'x'.repeat(43) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { order: expect.any(String) } },
    });
  });

  it('reports changes made since the last read', async () => {
    const created = await createdRequest(subject, await newCustomer());
    await subject.database.db
      .update(requests)
      .set({ paymentState: 'paid', caseState: 'queued' })
      .where(eq(requests.id, created.id));
    const body = paymentStatusResponseSchema.parse(
      (await status({ order: created.reference, token: created.statusToken })).json(),
    );
    expect(body).toMatchObject({ paymentState: 'paid', caseState: 'queued', canRetry: false });
  });
});

import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { createRequestResponseSchema, requestLimits } from '@unban/contract/requests';
import { caseEvents, payments, requests } from '../../db/schema';
import { hashStatusToken } from '../../domain/status-token';
import {
  TEST_PUBLIC_URL,
  createRequestsTestApp,
  newCustomer,
  submitRequest,
  validRequestBody,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';
import { defaultSiteIdentity } from '@unban/contract/site-config';

const { plans } = defaultSiteIdentity;

let subject: RequestsTestApp;

beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

async function storedRequest(id: string) {
  const [row] = await subject.database.db.select().from(requests).where(eq(requests.id, id));
  if (!row) throw new Error(`request ${id} not stored`);
  return row;
}

async function rowsFor(ownerUid: string) {
  return subject.database.db.select().from(requests).where(eq(requests.ownerUid, ownerUid));
}

describe('POST /api/requests', () => {
  it('refuses a visitor without a token with 401 and stores nothing', async () => {
    const before = await subject.database.db.select({ n: count() }).from(requests);
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/requests',
      payload: validRequestBody(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const after = await subject.database.db.select({ n: count() }).from(requests);
    expect(after).toEqual(before);
  });

  it('creates the request for an anonymous user and opens a checkout', async () => {
    const customer = await newCustomer();
    const response = await submitRequest(subject, customer);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = createRequestResponseSchema.parse(response.json());
    expect(body.reference).toMatch(/^UB-[0-9A-Z]{8}$/);
    expect(body.checkoutUrl.startsWith(`${TEST_PUBLIC_URL}/sandbox/checkout/`)).toBe(true);

    const row = await storedRequest(body.id);
    expect(row).toMatchObject({
      ownerUid: customer.uid,
      reference: body.reference,
      phoneE164: '+12025550143',
      contactEmail: 'customer@example.test',
      bannedAtApprox: 'this_week',
      plan: 'standard',
      priceAmount: plans.standard.priceMinor,
      currency: plans.standard.currency,
      caseState: 'awaiting_payment',
      paymentState: 'unpaid',
      version: 1,
    });
    // Only the hash is kept; the token in the answer is the one that matches it.
    expect(row.statusTokenHash).toBe(hashStatusToken(body.statusToken));
    expect(JSON.stringify(row)).not.toContain(body.statusToken);

    const timeline = await subject.database.db
      .select()
      .from(caseEvents)
      .where(eq(caseEvents.requestId, body.id));
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({
      actorType: 'system',
      fromState: null,
      toState: 'awaiting_payment',
    });
    expect(timeline[0]?.messageToCustomer).toMatch(/^Request received/);

    const attempts = await subject.database.db
      .select()
      .from(payments)
      .where(eq(payments.requestId, body.id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ amount: plans.standard.priceMinor, state: 'unpaid' });
    // The provider was asked for the plan's price, and its way back to the status screen
    // carries the plain token.
    expect(subject.provider.sessions.at(-1)).toMatchObject({
      reference: body.reference,
      amountMinor: plans.standard.priceMinor,
      currency: plans.standard.currency,
    });
    expect(subject.provider.lastReturnToken()).toBe(body.statusToken);
  });

  it('ignores an amount or price sent by the client and charges the plan price', async () => {
    const customer = await newCustomer();
    const response = await submitRequest(
      subject,
      customer,
      validRequestBody({ plan: 'priority', amount: 1, price: 1, priceAmount: 1, currency: 'JPY' }),
    );
    expect(response.statusCode).toBe(201);
    const { id } = createRequestResponseSchema.parse(response.json());
    const row = await storedRequest(id);
    expect(row.priceAmount).toBe(plans.priority.priceMinor);
    expect(row.currency).toBe(plans.priority.currency);
    const [attempt] = await subject.database.db
      .select()
      .from(payments)
      .where(eq(payments.requestId, id));
    expect(attempt?.amount).toBe(plans.priority.priceMinor);
  });

  describe('refuses invalid answers with 400 VALIDATION_FAILED naming the field', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['a phone number without country code', { phone: '202 555 0143' }, 'phone'],
      ['a phone number that cannot exist', { phone: '+1 000 000 0000' }, 'phone'],
      ['letters in the phone number', { phone: '+1 call me' }, 'phone'],
      ['an unknown plan', { plan: 'platinum' }, 'plan'],
      ['an unknown messaging app', { messagingApp: 'telegram' }, 'messagingApp'],
      [
        'an oversize ban message',
        { banMessage: 'x'.repeat(requestLimits.banMessage + 1) },
        'banMessage',
      ],
      ['an oversize usage text', { usage: 'y'.repeat(requestLimits.usage + 1) }, 'usage'],
      ['a phone number sent as a number', { phone: 12025550143 }, 'phone'],
      ['a ban message sent as an object', { banMessage: { text: 'x' } }, 'banMessage'],
      ['a blank ban message', { banMessage: '   ' }, 'banMessage'],
      ['an invalid e-mail', { contactEmail: 'not-an-email' }, 'contactEmail'],
      ['a missing ownership confirmation', { ownsNumber: undefined }, 'ownsNumber'],
      ['ownership not confirmed', { ownsNumber: false }, 'ownsNumber'],
      ['terms not accepted', { acceptsTerms: false }, 'acceptsTerms'],
      ['terms accepted as a string', { acceptsTerms: 'true' }, 'acceptsTerms'],
      ['an unknown ban period', { bannedAt: 'yesterday' }, 'bannedAt'],
    ];

    it.each(cases)('%s', async (_label, overrides, field) => {
      const customer = await newCustomer();
      const response = await submitRequest(subject, customer, validRequestBody(overrides));
      expect(response.statusCode).toBe(400);
      const { error } = errorBodySchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields?.[field]).toEqual(expect.any(String));
      expect(await rowsFor(customer.uid)).toHaveLength(0);
    });

    it('a body that is not an object', async () => {
      const customer = await newCustomer();
      const response = await submitRequest(
        subject,
        customer,
        [] as unknown as Record<string, unknown>,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    });

    it('an empty body lists every required field', async () => {
      const customer = await newCustomer();
      const response = await submitRequest(subject, customer, {});
      expect(response.statusCode).toBe(400);
      const { error } = errorBodySchema.parse(response.json());
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(
        Object.keys(validRequestBody()).sort(),
      );
    });
  });

  it('keeps the request when the provider is down, answers 503 with the reference, and a retry opens the checkout', async () => {
    const customer = await newCustomer();
    const response = await subject.provider.whileDown(() => submitRequest(subject, customer));
    expect(response.statusCode).toBe(503);
    const { error } = errorBodySchema.parse(response.json());
    expect(error.code).toBe('SERVICE_UNAVAILABLE');

    const [saved] = await rowsFor(customer.uid);
    expect(saved).toMatchObject({ caseState: 'awaiting_payment', paymentState: 'unpaid' });
    if (!saved) throw new Error('request not kept');
    expect(error.message).toContain(saved.reference);
    const attempts = await subject.database.db
      .select()
      .from(payments)
      .where(eq(payments.requestId, saved.id));
    expect(attempts).toHaveLength(0);

    const retry = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${saved.id}/retry-payment`,
      headers: { authorization: `Bearer ${customer.idToken}` },
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual({ checkoutUrl: expect.stringMatching(/^https:\/\//) });
  });
});

describe('POST /api/requests with an Idempotency-Key', () => {
  const key = () => `form-${crypto.randomUUID()}`;

  it('answers a repeated submission with the first request instead of a second one', async () => {
    const customer = await newCustomer();
    const headers = { 'idempotency-key': key() };
    const first = await submitRequest(subject, customer, validRequestBody(), headers);
    const second = await submitRequest(subject, customer, validRequestBody(), headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsFor(customer.uid)).toHaveLength(1);
    const { id } = createRequestResponseSchema.parse(first.json());
    const attempts = await subject.database.db
      .select()
      .from(payments)
      .where(eq(payments.requestId, id));
    expect(attempts).toHaveLength(1);
  });

  it('answers two submissions sent at the same moment with one request', async () => {
    const customer = await newCustomer();
    const headers = { 'idempotency-key': key() };
    const answers = await Promise.all([
      submitRequest(subject, customer, validRequestBody(), headers),
      submitRequest(subject, customer, validRequestBody(), headers),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await rowsFor(customer.uid)).toHaveLength(1);
  });

  it('refuses the same key with different answers with 409 CONFLICT', async () => {
    const customer = await newCustomer();
    const headers = { 'idempotency-key': key() };
    await submitRequest(subject, customer, validRequestBody(), headers);
    const changed = await submitRequest(
      subject,
      customer,
      validRequestBody({ phone: '+44 20 7946 0958' }),
      headers,
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    expect(await rowsFor(customer.uid)).toHaveLength(1);
  });

  it('keeps the key per user: another user with the same key gets their own request', async () => {
    const [one, two] = [await newCustomer(), await newCustomer()];
    const headers = { 'idempotency-key': key() };
    const first = await submitRequest(subject, one, validRequestBody(), headers);
    const second = await submitRequest(subject, two, validRequestBody(), headers);
    expect(second.statusCode).toBe(201);
    expect(second.json()).not.toMatchObject({ id: first.json<{ id: string }>().id });
    expect(await rowsFor(two.uid)).toHaveLength(1);
  });

  it('starts a new request once the key is older than 24 hours', async () => {
    const customer = await newCustomer();
    const headers = { 'idempotency-key': key() };
    const first = createRequestResponseSchema.parse(
      (await submitRequest(subject, customer, validRequestBody(), headers)).json(),
    );
    await subject.database.db
      .update(requests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(requests.id, first.id));
    const later = await submitRequest(subject, customer, validRequestBody(), headers);
    expect(later.statusCode).toBe(201);
    expect(later.json<{ id: string }>().id).not.toBe(first.id);
    expect(await rowsFor(customer.uid)).toHaveLength(2);
  });

  it('sends a repeat of an already paid request to its status page', async () => {
    const customer = await newCustomer();
    const headers = { 'idempotency-key': key() };
    const first = createRequestResponseSchema.parse(
      (await submitRequest(subject, customer, validRequestBody(), headers)).json(),
    );
    await subject.database.db
      .update(requests)
      .set({ paymentState: 'paid', caseState: 'queued' })
      .where(eq(requests.id, first.id));
    const again = createRequestResponseSchema.parse(
      (await submitRequest(subject, customer, validRequestBody(), headers)).json(),
    );
    const status = new URL(again.checkoutUrl);
    expect(status.origin).toBe(TEST_PUBLIC_URL);
    expect(status.pathname + status.search).toBe(
      `/payment-status?order=${first.reference}&token=${first.statusToken}`,
    );
  });

  it('opens the checkout on a repeat after the provider failed the first time', async () => {
    const customer = await newCustomer();
    const headers = { 'idempotency-key': key() };
    const failed = await subject.provider.whileDown(() =>
      submitRequest(subject, customer, validRequestBody(), headers),
    );
    expect(failed.statusCode).toBe(503);
    const again = await submitRequest(subject, customer, validRequestBody(), headers);
    expect(again.statusCode).toBe(201);
    expect(await rowsFor(customer.uid)).toHaveLength(1);
  });

  it('refuses a malformed key with 400', async () => {
    const customer = await newCustomer();
    const response = await submitRequest(subject, customer, validRequestBody(), {
      'idempotency-key': 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(await rowsFor(customer.uid)).toHaveLength(0);
  });
});

describe('POST /api/requests rate limit', () => {
  it('turns a user away with 429 after 10 new requests in an hour, and not a repeat', async () => {
    const customer = await newCustomer();
    const headers = { 'idempotency-key': `form-${crypto.randomUUID()}` };
    for (let index = 0; index < 10; index += 1) {
      const response = await submitRequest(
        subject,
        customer,
        validRequestBody(),
        index === 0 ? headers : {},
      );
      expect(response.statusCode).toBe(201);
    }
    const limited = await submitRequest(subject, customer);
    expect(limited.statusCode).toBe(429);
    expect(errorBodySchema.parse(limited.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFor(customer.uid)).toHaveLength(10);

    // A repeat of an earlier submission creates nothing, so it still gets its answer.
    const repeat = await submitRequest(subject, customer, validRequestBody(), headers);
    expect(repeat.statusCode).toBe(201);

    // Another user on another address is not affected.
    expect((await submitRequest(subject, await newCustomer())).statusCode).toBe(201);
  });
});

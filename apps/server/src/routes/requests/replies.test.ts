import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { requestDetailSchema, requestLimits } from '@unban/contract/requests';
import { caseEvents, requests } from '../../db/schema';
import type { SignedInUser } from '../../test/auth-tokens';
import {
  bearer,
  createRequestsTestApp,
  createdRequest,
  moveCase,
  newCustomer,
  toNeedsInfo,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';

let subject: RequestsTestApp;

beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

function reply(id: string, user: SignedInUser | null, payload: unknown) {
  return subject.app.inject({
    method: 'POST',
    url: `/api/requests/${id}/replies`,
    headers: user ? bearer(user) : {},
    payload: payload as Record<string, unknown>,
  });
}

async function timelineRows(requestId: string) {
  return subject.database.db.select().from(caseEvents).where(eq(caseEvents.requestId, requestId));
}

async function caseWaitingForAnswer() {
  const customer = await newCustomer();
  const created = await createdRequest(subject, customer);
  await moveCase(subject.database.db, created.id, toNeedsInfo);
  return { customer, created };
}

describe('POST /api/requests/:id/replies', () => {
  it('records the reply and hands the case back to the operator in one timeline row', async () => {
    const { customer, created } = await caseWaitingForAnswer();
    const before = await timelineRows(created.id);
    const [{ version: versionBefore } = { version: 0 }] = await subject.database.db
      .select({ version: requests.version })
      .from(requests)
      .where(eq(requests.id, created.id));

    const response = await reply(created.id, customer, {
      message: '  It happened on 3 March, around noon.  ',
    });
    expect(response.statusCode).toBe(201);
    const detail = requestDetailSchema.parse(response.json());
    expect(detail.caseState).toBe('in_review');
    expect(detail.needsInfoQuestion).toBeNull();
    expect(detail.timeline.at(-1)).toMatchObject({
      actor: 'customer',
      fromState: 'needs_info',
      toState: 'in_review',
      customerReply: 'It happened on 3 March, around noon.',
      messageToCustomer: null,
    });

    const after = await timelineRows(created.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((row) => row.customerReply !== null)).toMatchObject({
      actorType: 'customer',
      actorUid: customer.uid,
    });
    const [stored] = await subject.database.db
      .select()
      .from(requests)
      .where(eq(requests.id, created.id));
    expect(stored).toMatchObject({ caseState: 'in_review', version: versionBefore + 1 });
  });

  it('refuses a reply while no question is open with 409 and writes nothing', async () => {
    const customer = await newCustomer();
    const created = await createdRequest(subject, customer);
    const before = await timelineRows(created.id);
    const response = await reply(created.id, customer, { message: 'Any news?' });
    expect(response.statusCode).toBe(409);
    expect(errorBodySchema.parse(response.json()).error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/when an operator asks/),
    });
    expect(await timelineRows(created.id)).toHaveLength(before.length);
  });

  it('refuses a second reply once the case is back with the operator', async () => {
    const { customer, created } = await caseWaitingForAnswer();
    expect((await reply(created.id, customer, { message: 'First answer' })).statusCode).toBe(201);
    expect((await reply(created.id, customer, { message: 'Second answer' })).statusCode).toBe(409);
  });

  it("answers someone else's reply with 404 and leaves the case waiting", async () => {
    const { created } = await caseWaitingForAnswer();
    const response = await reply(created.id, await newCustomer(), { message: 'Hello' });
    expect(response.statusCode).toBe(404);
    const [stored] = await subject.database.db
      .select({ caseState: requests.caseState })
      .from(requests)
      .where(eq(requests.id, created.id));
    expect(stored?.caseState).toBe('needs_info');
  });

  it('refuses a visitor without a token with 401', async () => {
    const { created } = await caseWaitingForAnswer();
    expect((await reply(created.id, null, { message: 'Hello' })).statusCode).toBe(401);
  });

  it.each([
    ['an empty message', { message: '   ' }],
    ['a missing message', {}],
    ['a message that is not text', { message: 42 }],
    ['an oversize message', { message: 'z'.repeat(requestLimits.reply + 1) }],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_label, payload) => {
    const { customer, created } = await caseWaitingForAnswer();
    const response = await reply(created.id, customer, payload);
    expect(response.statusCode).toBe(400);
    const { error } = errorBodySchema.parse(response.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.['message']).toEqual(expect.any(String));
  });
});

import { eq } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestDetailSchema, requestListResponseSchema } from '@unban/contract/requests';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { addCaseNote } from '../../cases/case-transitions';
import { requests } from '../../db/schema';
import { authEmulator } from '../../test/auth-emulator';
import { revokedStaff, signUpStaff } from '../../test/auth-tokens';
import type { SignedInUser } from '../../test/auth-tokens';
import {
  bearer,
  createRequestsTestApp,
  createdRequest,
  moveCase,
  newCustomer,
  toNeedsInfo,
  validRequestBody,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';
import { testCalendar } from '../../test/test-app';
import { defaultSiteIdentity } from '@unban/contract/site-config';

const { plans } = defaultSiteIdentity;

let subject: RequestsTestApp;
let auth: Auth;

beforeAll(async () => {
  subject = await createRequestsTestApp();
  auth = getFirebaseAuth({ projectId: authEmulator().projectId });
});
afterAll(() => subject?.close());

function get(url: string, user?: SignedInUser) {
  return subject.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
}

describe('GET /api/requests', () => {
  it('refuses a visitor without a token with 401', async () => {
    const response = await get('/api/requests');
    expect(response.statusCode).toBe(401);
  });

  it("lists only the caller's own requests, newest first, with the number masked", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const first = await createdRequest(subject, customer);
    const second = await createdRequest(
      subject,
      customer,
      validRequestBody({ plan: 'priority', phone: '+44 20 7946 0958' }),
    );
    await createdRequest(subject, other);

    const response = await get('/api/requests', customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { requests } = requestListResponseSchema.parse(response.json());
    expect(requests.map((request) => request.id)).toEqual([second.id, first.id]);
    expect(requests[0]).toMatchObject({
      reference: second.reference,
      plan: 'priority',
      priceMinor: plans.priority.priceMinor,
      caseState: 'awaiting_payment',
      paymentState: 'unpaid',
      phoneMasked: '+•• ••• ••• 958',
    });
    expect(response.body).not.toContain('7946');
  });

  it('gives a new user an empty list', async () => {
    const response = await get('/api/requests', await newCustomer());
    expect(requestListResponseSchema.parse(response.json())).toEqual({ requests: [] });
  });
});

describe('GET /api/requests/:id', () => {
  it('shows the owner every answer, the full number and the timeline', async () => {
    const customer = await newCustomer();
    const created = await createdRequest(subject, customer);
    const response = await get(`/api/requests/${created.id}`, customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const detail = requestDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      id: created.id,
      reference: created.reference,
      answers: {
        messagingApp: 'whatsapp',
        phone: '+12025550143',
        accountType: 'personal',
        device: 'android',
        bannedAt: 'this_week',
        contactEmail: 'customer@example.test',
      },
      needsInfoQuestion: null,
      // Not paid yet: no reply is owed.
      nextReplyBy: null,
    });
    expect(detail.timeline).toEqual([
      {
        at: expect.any(String),
        actor: 'system',
        fromState: null,
        toState: 'awaiting_payment',
        messageToCustomer: expect.stringMatching(/^Request received/),
        notice: { kind: 'request_received' },
        customerReply: null,
      },
    ]);
  });

  it('lists the timeline oldest first, with the open question and without internal notes', async () => {
    const customer = await newCustomer();
    const created = await createdRequest(subject, customer);
    await moveCase(subject.database.db, created.id, toNeedsInfo);
    await subject.database.db.transaction((tx) =>
      addCaseNote(
        tx,
        {
          requestId: created.id,
          actor: 'operator',
          actorUid: 'operator-uid',
          internalNote: 'Looks like a bulk-messaging ban; check the business account.',
        },
        testCalendar,
      ),
    );

    const detail = requestDetailSchema.parse(
      (await get(`/api/requests/${created.id}`, customer)).json(),
    );
    expect(detail.caseState).toBe('needs_info');
    expect(detail.timeline.map((entry) => [entry.fromState, entry.toState])).toEqual([
      [null, 'awaiting_payment'],
      ['awaiting_payment', 'queued'],
      ['queued', 'in_review'],
      ['in_review', 'needs_info'],
      ['needs_info', 'needs_info'],
    ]);
    expect(detail.needsInfoQuestion).toBe('Please send the exact date the ban happened.');
    expect(JSON.stringify(detail)).not.toContain('bulk-messaging');
    expect(JSON.stringify(detail)).not.toContain('operator-uid');
  });

  it('says when the next reply is due while an operator owes one, and not while the customer does', async () => {
    const customer = await newCustomer();
    const created = await createdRequest(subject, customer);
    await moveCase(subject.database.db, created.id, [{ to: 'queued', actor: 'system' }]);
    const paid = requestDetailSchema.parse(
      (await get(`/api/requests/${created.id}`, customer)).json(),
    );
    const [row] = await subject.database.db
      .select({ replyDueAt: requests.replyDueAt })
      .from(requests)
      .where(eq(requests.id, created.id));
    expect(row?.replyDueAt).toBeInstanceOf(Date);
    expect(paid.nextReplyBy).toBe(row?.replyDueAt?.toISOString());

    await moveCase(subject.database.db, created.id, toNeedsInfo.slice(1));
    const asked = requestDetailSchema.parse(
      (await get(`/api/requests/${created.id}`, customer)).json(),
    );
    expect(asked.nextReplyBy).toBeNull();
  });

  it("answers another customer's request with 404, as if it did not exist", async () => {
    const owner = await newCustomer();
    const created = await createdRequest(subject, owner);
    const stranger = await newCustomer();
    const response = await get(`/api/requests/${created.id}`, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'We could not find this request.' },
    });
    const missing = await get(`/api/requests/${crypto.randomUUID()}`, stranger);
    expect(missing.json()).toEqual(response.json());
  });

  it('answers an id that is not a UUID with 404, not an error', async () => {
    const response = await get('/api/requests/not-a-uuid', await newCustomer());
    expect(response.statusCode).toBe(404);
  });

  it('refuses a visitor without a token with 401', async () => {
    const created = await createdRequest(subject, await newCustomer());
    expect((await get(`/api/requests/${created.id}`)).statusCode).toBe(401);
  });

  it.each(['operator', 'admin'] as const)('lets an %s read any request', async (role) => {
    const created = await createdRequest(subject, await newCustomer());
    const staff = await signUpStaff(auth, role);
    const response = await get(`/api/requests/${created.id}`, staff);
    expect(response.statusCode).toBe(200);
    expect(requestDetailSchema.parse(response.json()).answers.phone).toBe('+12025550143');
  });

  it('does not let an operator who was signed out everywhere read with their old token', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const staff = await revokedStaff(auth, 'operator');
    const response = await get(`/api/requests/${created.id}`, staff);
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('+12025550143');
  });
});

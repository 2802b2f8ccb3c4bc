import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseState } from '@unban/contract/case-states';
import { caseChangeEventSchema, liveTicketResponseSchema } from '@unban/contract/live';
import { liveEventNames } from '@unban/contract/live-events';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { createStreamTickets } from '../../live/stream-tickets';
import { STREAMS_PER_SCOPE } from '../../live/live-plugin';
import { signUpStaff } from '../../test/auth-tokens';
import type { PasswordUser } from '../../test/auth-tokens';
import { authEmulator } from '../../test/auth-emulator';
import {
  bearer,
  createRequestsTestApp,
  createdRequest,
  newCustomer,
  pressSandboxButton,
} from '../../test/request-fixtures';
import type { Customer, RequestsTestApp } from '../../test/request-fixtures';
import { openSse } from '../../test/sse-client';
import type { ReceivedEvent, SseConnection } from '../../test/sse-client';

/*
 * Live updates end to end on one server: tickets, who may open which stream, and that an
 * operator's move through the back-office API reaches exactly the streams allowed to see it.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (LISTEN/NOTIFY there).
 */

let subject: RequestsTestApp;
let base: string;
let operator: PasswordUser;
const open: SseConnection[] = [];

beforeAll(async () => {
  subject = await createRequestsTestApp();
  await subject.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(subject.app.server.address() as AddressInfo).port}`;
  operator = await signUpStaff(
    getFirebaseAuth({ projectId: authEmulator().projectId }),
    'operator',
  );
});

afterAll(async () => {
  for (const connection of open) connection.close();
  await subject?.close();
});

async function ownerTicket(customer: Customer): Promise<string> {
  const response = await subject.app.inject({
    method: 'POST',
    url: '/api/live/tickets',
    headers: bearer(customer),
  });
  expect(response.statusCode).toBe(200);
  return liveTicketResponseSchema.parse(response.json()).ticket;
}

async function orderTicket(order: string, token: string) {
  return subject.app.inject({
    method: 'POST',
    url: `/api/live/tickets/order?order=${encodeURIComponent(order)}&token=${encodeURIComponent(token)}`,
  });
}

async function stream(ticket: string): Promise<SseConnection> {
  const connection = await openSse(`${base}/api/live/events?ticket=${encodeURIComponent(ticket)}`);
  open.push(connection);
  return connection;
}

/** A request of the customer's that has been paid: queued for an operator. */
async function paidCase(customer: Customer) {
  const created = await createdRequest(subject, customer);
  await pressSandboxButton(subject, created.checkoutUrl, 'pay');
  return created;
}

async function operatorMove(requestId: string, to: CaseState, messageToCustomer?: string) {
  const current = await subject.app.inject({
    method: 'GET',
    url: `/api/admin/requests/${requestId}`,
    headers: bearer(operator),
  });
  expect(current.statusCode).toBe(200);
  const { version } = current.json<{ version: number }>();
  const moved = await subject.app.inject({
    method: 'POST',
    url: `/api/admin/requests/${requestId}/transitions`,
    headers: bearer(operator),
    payload: { to, expectedVersion: version, ...(messageToCustomer ? { messageToCustomer } : {}) },
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

const changeOf =
  (requestId: string, caseState?: CaseState) =>
  (event: ReceivedEvent): boolean => {
    if (event.event !== liveEventNames.caseChange) return false;
    const data = caseChangeEventSchema.parse(event.data);
    return (
      data.requestId === requestId && (caseState === undefined || data.caseState === caseState)
    );
  };

describe('stream authorization', () => {
  it('refuses a stream without a ticket, with a forged one and with an expired one', async () => {
    const customer = await newCustomer();
    const genuine = await ownerTicket(customer);
    const [payload = '', signature = ''] = genuine.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ k: 'o', s: 'someone-else', e: Date.now() + 60_000 }),
    ).toString('base64url');
    const expired = createStreamTickets('x'.repeat(32), { now: () => Date.now() - 120_000 });
    for (const url of [
      '/api/live/events',
      `/api/live/events?ticket=${forgedBody}.${signature}`,
      `/api/live/events?ticket=${payload}.${'A'.repeat(43)}`,
      `/api/live/events?ticket=${expired.issue({ kind: 'owner', uid: customer.uid }).ticket}`,
    ]) {
      const response = await subject.app.inject({ method: 'GET', url, headers: bearer(customer) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('gives an owner ticket only to someone signed in', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/live/tickets' });
    expect(response.statusCode).toBe(401);
  });

  it('gives an order ticket for the status token or the owner, and hides the order from anyone else', async () => {
    const owner = await newCustomer();
    const created = await createdRequest(subject, owner);
    expect((await orderTicket(created.reference, created.statusToken)).statusCode).toBe(200);

    const wrongToken = await orderTicket(created.reference, 'A'.repeat(43));
    expect(wrongToken.statusCode).toBe(404);
    const stranger = await newCustomer();
    const asStranger = await subject.app.inject({
      method: 'POST',
      url: `/api/live/tickets/order?order=${created.reference}`,
      headers: bearer(stranger),
    });
    expect(asStranger.statusCode).toBe(404);
    const asOwner = await subject.app.inject({
      method: 'POST',
      url: `/api/live/tickets/order?order=${created.reference}`,
      headers: bearer(owner),
    });
    expect(asOwner.statusCode).toBe(200);
  });
});

describe('events after an operator moves a case', () => {
  it("reaches the owner's stream with ids, states and version only, and not another customer's", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const ownersCase = await paidCase(owner);
    const othersCase = await paidCase(other);
    const ownerStream = await stream(await ownerTicket(owner));
    const otherStream = await stream(await ownerTicket(other));
    expect(ownerStream.status).toBe(200);
    await ownerStream.next((event) => event.event === liveEventNames.resync);

    await operatorMove(ownersCase.id, 'in_review');
    const received = await ownerStream.next(changeOf(ownersCase.id, 'in_review'));
    expect(Object.keys(received.data as object).sort()).toEqual(
      ['caseState', 'paymentState', 'requestId', 'version'].sort(),
    );
    expect(received.data).toMatchObject({ paymentState: 'paid' });

    // The other customer's stream hears of their own case, and never of the owner's.
    await operatorMove(othersCase.id, 'in_review');
    await otherStream.next(changeOf(othersCase.id, 'in_review'));
    expect(otherStream.events.some(changeOf(ownersCase.id))).toBe(false);
  });

  it("sends a question, and its answer's move, to the status-link holder of that order only", async () => {
    const owner = await newCustomer();
    const first = await paidCase(owner);
    const second = await paidCase(owner);
    const response = await orderTicket(first.reference, first.statusToken);
    const tokenStream = await stream(liveTicketResponseSchema.parse(response.json()).ticket);

    await operatorMove(second.id, 'in_review');
    await operatorMove(first.id, 'in_review');
    await operatorMove(first.id, 'needs_info', 'Which e-mail did you register with?');
    await tokenStream.next(changeOf(first.id, 'needs_info'));
    expect(tokenStream.events.some(changeOf(second.id))).toBe(false);
  });

  it('tells the owner when the payment is received', async () => {
    const owner = await newCustomer();
    const created = await createdRequest(subject, owner);
    const ownerStream = await stream(await ownerTicket(owner));
    await ownerStream.next((event) => event.event === liveEventNames.resync);
    await pressSandboxButton(subject, created.checkoutUrl, 'pay');
    // The move to queued and the payment's summary are one transaction: both arrive.
    await ownerStream.next(changeOf(created.id, 'queued'));
    const paid = await ownerStream.next(
      (event) =>
        changeOf(created.id)(event) &&
        caseChangeEventSchema.parse(event.data).paymentState === 'paid',
    );
    expect(paid.data).toMatchObject({ caseState: 'queued' });
  });

  it("tells the owner of the guarantee's refund after the operator finds the case not eligible", async () => {
    const owner = await newCustomer();
    const created = await paidCase(owner);
    const ownerStream = await stream(await ownerTicket(owner));
    await ownerStream.next((event) => event.event === liveEventNames.resync);
    await operatorMove(created.id, 'in_review');
    await operatorMove(created.id, 'not_eligible');
    await ownerStream.next(changeOf(created.id, 'not_eligible'));
    // The sandbox confirms the refund at once: the case and its payment say so.
    await ownerStream.next(changeOf(created.id, 'refunded'));
    await ownerStream.next(
      (event) =>
        changeOf(created.id, 'refunded')(event) &&
        caseChangeEventSchema.parse(event.data).paymentState === 'refunded',
    );
  });

  it('keeps an internal note quiet but sends a message to the customer', async () => {
    const owner = await newCustomer();
    const created = await paidCase(owner);
    const ownerStream = await stream(await ownerTicket(owner));
    await ownerStream.next((event) => event.event === liveEventNames.resync);
    const note = (body: Record<string, string>) =>
      subject.app.inject({
        method: 'POST',
        url: `/api/admin/requests/${created.id}/notes`,
        headers: bearer(operator),
        payload: body,
      });
    expect((await note({ internalNote: 'Looks like a spam flag.' })).statusCode).toBe(200);
    expect((await note({ messageToCustomer: 'We are on it.' })).statusCode).toBe(200);
    const message = await ownerStream.next(changeOf(created.id));
    // The note bumped the version first; the only event is the message's, one version later.
    const events = ownerStream.events.filter(changeOf(created.id));
    expect(events).toHaveLength(1);
    expect(message.data).toMatchObject({ caseState: 'queued' });
  });
});

describe('stream limits', () => {
  it('refuses more open streams per customer than the limit, and frees a slot on close', async () => {
    const customer = await newCustomer();
    const ticket = await ownerTicket(customer);
    const streams: SseConnection[] = [];
    for (let index = 0; index < STREAMS_PER_SCOPE; index += 1) {
      const connection = await stream(ticket);
      expect(connection.status).toBe(200);
      streams.push(connection);
    }
    const refused = await stream(ticket);
    expect(refused.status).toBe(429);
    await refused.ended;

    const before = subject.app.live.openStreams;
    streams[0]?.close();
    await expect.poll(() => subject.app.live.openStreams).toBe(before - 1);
    expect((await stream(ticket)).status).toBe(200);
  });
});

describe('shutdown', () => {
  it('ends the open streams, so closing the server does not wait for them', async () => {
    const own = await createRequestsTestApp();
    await own.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (own.app.server.address() as AddressInfo).port;
    const customer = await newCustomer();
    const ticket = await own.app.inject({
      method: 'POST',
      url: '/api/live/tickets',
      headers: bearer(customer),
    });
    const { ticket: value } = liveTicketResponseSchema.parse(ticket.json());
    const connection = await openSse(`http://127.0.0.1:${port}/api/live/events?ticket=${value}`);
    expect(connection.status).toBe(200);
    await own.close();
    await connection.ended;
    expect(own.app.live.openStreams).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestResponseSchema, requestDetailSchema } from '@unban/contract/requests';
import type { RequestDetail } from '@unban/contract/requests';
import { caseEvents } from '../../db/schema';
import { REQUEST_RECEIVED_MESSAGE } from '../../services/request-create';
import {
  bearer,
  createRequestsTestApp,
  moveCase,
  newCustomer,
  pressSandboxButton,
  submitRequest,
  validRequestBody,
} from '../../test/request-fixtures';
import type { Customer, RequestsTestApp } from '../../test/request-fixtures';

/*
 * Issue 15: the system's lines on the customer's timeline travel as a code and values
 * (contract/timeline-notices.ts) beside their English words, so the case page can say them in
 * the customer's language; an operator's own words carry no code.
 */

let subject: RequestsTestApp;
beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

async function detail(customer: Customer, id: string): Promise<RequestDetail> {
  const response = await subject.app.inject({
    method: 'GET',
    url: `/api/requests/${id}`,
    headers: bearer(customer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return requestDetailSchema.parse(response.json());
}

describe('the codes of the timeline', () => {
  it("come back with the system's English lines, and not with an operator's words", async () => {
    const customer = await newCustomer();
    const response = await submitRequest(subject, customer, validRequestBody({ locale: 'pt-BR' }));
    expect(response.statusCode, response.body).toBe(201);
    const created = createRequestResponseSchema.parse(response.json());
    await pressSandboxButton(subject, created.checkoutUrl, 'pay');
    await moveCase(subject.database.db, created.id, [
      { to: 'in_review', actor: 'operator' },
      {
        to: 'needs_info',
        actor: 'operator',
        messageToCustomer: 'Qual foi o dia exato do banimento?',
      },
    ]);

    const { timeline } = await detail(customer, created.id);
    const said = timeline
      .filter((entry) => entry.messageToCustomer !== null)
      .map(({ messageToCustomer, notice }) => ({ messageToCustomer, notice }));
    expect(said).toEqual([
      { messageToCustomer: REQUEST_RECEIVED_MESSAGE, notice: { kind: 'request_received' } },
      {
        messageToCustomer: expect.stringMatching(/^Payment of \$49\.00 received\./),
        // The plan's price in USD: the default configuration prices no plan in reais.
        notice: { kind: 'payment_received', amountMinor: 4900, currency: 'USD' },
      },
      { messageToCustomer: 'Qual foi o dia exato do banimento?', notice: null },
    ]);
  });

  it('leave a row from before them, or one whose code is unknown, with its English words', async () => {
    const customer = await newCustomer();
    const created = createRequestResponseSchema.parse(
      (await submitRequest(subject, customer)).json(),
    );
    const db = subject.database.db;
    await db.update(caseEvents).set({ notice: null }).where(eq(caseEvents.requestId, created.id));
    const [older] = (await detail(customer, created.id)).timeline;
    expect(older).toMatchObject({ messageToCustomer: REQUEST_RECEIVED_MESSAGE, notice: null });

    await db
      .update(caseEvents)
      .set({ notice: { kind: 'from_a_newer_server' } as never })
      .where(eq(caseEvents.requestId, created.id));
    const [unknown] = (await detail(customer, created.id)).timeline;
    expect(unknown).toMatchObject({ messageToCustomer: REQUEST_RECEIVED_MESSAGE, notice: null });
  });
});

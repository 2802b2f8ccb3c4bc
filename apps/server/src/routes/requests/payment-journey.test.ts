import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentStatusResponseSchema,
  requestDetailSchema,
  retryPaymentResponseSchema,
} from '@unban/contract/requests';
import type { CreateRequestResponse } from '@unban/contract/requests';
import {
  bearer,
  createRequestsTestApp,
  createdRequest,
  newCustomer,
  pressSandboxButton,
} from '../../test/request-fixtures';
import type { Customer, RequestsTestApp } from '../../test/request-fixtures';

/*
 * The customer's whole payment path through the real payments module and its sandbox
 * provider: order, abandon the checkout, retry from the status link, pay, and see the case
 * start. Checks that the request routes and the payments module agree on every handover.
 */

let subject: RequestsTestApp;

beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

async function readStatus(created: CreateRequestResponse) {
  const query = new URLSearchParams({ order: created.reference, token: created.statusToken });
  const response = await subject.app.inject({
    method: 'GET',
    url: `/api/payments/status?${query.toString()}`,
  });
  expect(response.statusCode).toBe(200);
  return paymentStatusResponseSchema.parse(response.json());
}

async function readDetail(customer: Customer, id: string) {
  const response = await subject.app.inject({
    method: 'GET',
    url: `/api/requests/${id}`,
    headers: bearer(customer),
  });
  return requestDetailSchema.parse(response.json());
}

describe('paying for a request', () => {
  it('goes from an abandoned checkout, through a retry, to a paid and queued case', async () => {
    const customer = await newCustomer();
    const created = await createdRequest(subject, customer);
    expect(await readStatus(created)).toMatchObject({
      paymentState: 'unpaid',
      caseState: 'awaiting_payment',
      canRetry: false,
    });

    await pressSandboxButton(subject, created.checkoutUrl, 'cancel');
    expect(await readStatus(created)).toMatchObject({ paymentState: 'expired', canRetry: true });

    const retry = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/retry-payment?token=${created.statusToken}`,
    });
    expect(retry.statusCode).toBe(201);
    const { checkoutUrl } = retryPaymentResponseSchema.parse(retry.json());
    expect(await readStatus(created)).toMatchObject({ paymentState: 'unpaid', canRetry: false });

    await pressSandboxButton(subject, checkoutUrl, 'pay');
    expect(await readStatus(created)).toMatchObject({
      paymentState: 'paid',
      caseState: 'queued',
      canRetry: false,
    });

    const detail = await readDetail(customer, created.id);
    expect(detail.timeline.map((entry) => [entry.actor, entry.fromState, entry.toState])).toEqual(
      expect.arrayContaining([['system', 'awaiting_payment', 'queued']]),
    );
    const again = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/retry-payment?token=${created.statusToken}`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('offers a retry after a declined payment', async () => {
    const created = await createdRequest(subject, await newCustomer());
    await pressSandboxButton(subject, created.checkoutUrl, 'decline');
    expect(await readStatus(created)).toMatchObject({
      paymentState: 'failed',
      caseState: 'awaiting_payment',
      canRetry: true,
    });
  });
});

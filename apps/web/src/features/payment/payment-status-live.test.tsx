import { act, render, screen } from '@testing-library/react';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CaseState } from '@unban/contract/case-states';
import type { PaymentState } from '@unban/contract/payment-states';
import { paymentStateInfo } from '@unban/contract/payment-states';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { FakeEventSource } from '../../lib/live/test-fake-event-source';
import { PaymentStatusScreen } from './payment-status-screen';

/*
 * The payment-status page with live updates: the payment received (or a refund) pushed over
 * the order's stream shows at once, without a poll; when the stream is cut the page polls
 * on its usual schedule.
 */

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn(async () => 'owner-id-token') }));

const REFERENCE = 'UB-7K3Q9XQ2';
const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6';
const REQUEST_ID = '0190d3c4-6a7b-7c8d-9e0f-123456789abc';
const STATUS_URL = `/api/payments/status?order=${REFERENCE}&token=${TOKEN}`;
const TICKET_URL = `/api/live/tickets/order?order=${REFERENCE}&token=${TOKEN}`;

function paymentStatus(paymentState: PaymentState, caseState: CaseState): PaymentStatusResponse {
  return {
    reference: REFERENCE,
    amountMinor: 8900,
    currency: 'USD',
    paymentState,
    caseState,
    phoneMasked: '+•• ••• ••• 143',
    plan: 'priority',
    updatedAt: '2025-03-04T14:05:00.000Z',
    canRetry: false,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function requestUrl(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

let fetchSpy: MockInstance<typeof fetch>;
let status: PaymentStatusResponse;

function statusReads(): number {
  return fetchSpy.mock.calls.filter(([input]) => requestUrl(input) === STATUS_URL).length;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  status = paymentStatus('processing', 'awaiting_payment');
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    if (url === STATUS_URL) return json(200, status);
    if (url === TICKET_URL && init?.method === 'POST') {
      return json(200, { ticket: 'order-ticket', expiresAt: '2025-03-05T10:31:00.000Z' });
    }
    return json(404, { error: { code: 'ROUTE_NOT_FOUND', message: 'No such route' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderStatus() {
  const router = createMemoryRouter(
    [{ path: paths.paymentStatus.path, Component: PaymentStatusScreen }],
    { initialEntries: [paths.paymentStatus.to({ order: REFERENCE, token: TOKEN })] },
  );
  return render(<RouterProvider router={router} />);
}

async function renderLive(): Promise<FakeEventSource> {
  renderStatus();
  await act(() => vi.advanceTimersByTimeAsync(0));
  const source = FakeEventSource.latest();
  expect(source.url).toBe('/api/live/events?ticket=order-ticket');
  await act(async () => {
    source.open();
    source.emit('resync', {});
    await vi.advanceTimersByTimeAsync(0);
  });
  return source;
}

async function passWithHeartbeats(source: FakeEventSource, ms: number) {
  for (let passed = 0; passed < ms; passed += 15_000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(15_000, ms - passed));
      source.emit('heartbeat', {});
    });
  }
}

const paidChange = {
  requestId: REQUEST_ID,
  caseState: 'queued',
  paymentState: 'paid',
  version: 3,
};

describe('payment status live updates', () => {
  it('shows the payment received as soon as the stream says so, without polling', async () => {
    const source = await renderLive();
    expect(screen.getByText(paymentStateInfo.processing.label)).toBeInTheDocument();
    const readsBefore = statusReads();

    // A processing payment is polled every 2 s without the stream; with it, not at all.
    await passWithHeartbeats(source, 30_000);
    expect(statusReads()).toBe(readsBefore);

    status = paymentStatus('paid', 'queued');
    await act(async () => {
      source.emit('case-change', paidChange);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(statusReads()).toBe(readsBefore + 1);
    expect(screen.getByText(paymentStateInfo.paid.label)).toBeInTheDocument();
  });

  it('polls on its usual schedule while the stream is cut', async () => {
    const source = await renderLive();
    const readsBefore = statusReads();
    await act(async () => {
      source.fail();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(statusReads()).toBe(readsBefore + 1);

    // The reopened stream is still connecting (never opens): the 2 s poll shows the payment.
    status = paymentStatus('paid', 'queued');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(FakeEventSource.instances.length).toBeGreaterThan(1);
    expect(statusReads()).toBeGreaterThanOrEqual(readsBefore + 2);
    expect(screen.getByText(paymentStateInfo.paid.label)).toBeInTheDocument();
  });

  it('opens no stream once nothing more can change', async () => {
    status = paymentStatus('refunded', 'refunded');
    renderStatus();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(paymentStateInfo.refunded.label)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(FakeEventSource.instances.filter((source) => !source.closed)).toHaveLength(0);
  });
});

import { act, render, screen } from '@testing-library/react';
import type { MockInstance } from 'vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CaseChangeEvent } from '@unban/contract/live';
import type { RequestDetail } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { getIdToken } from '../../lib/auth/auth';
import { setAuthSnapshot } from '../../lib/auth/auth-state';
import { FakeEventSource } from '../../lib/live/test-fake-event-source';
import { CASE_POLL_INTERVAL } from './api/get-request';
import { CaseScreen } from './case-screen';
import {
  ID_TOKEN,
  OTHER_REQUEST_ID,
  REQUEST_ID,
  addClientConfigBlock,
  json,
  requestDetail,
  requestUrl,
} from './test-fixtures';

/*
 * The case page with live updates: an operator's change pushed over the stream shows at
 * once, without a poll; when the stream is cut the page polls again until it is back.
 */

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const DETAIL_URL = `/api/requests/${REQUEST_ID}`;
const TICKET_URL = '/api/live/tickets';
const QUESTION = 'Which country was the number registered in?';

const needsInfo: RequestDetail = requestDetail({
  caseState: 'needs_info',
  needsInfoQuestion: QUESTION,
  timeline: [
    ...requestDetail().timeline,
    {
      at: '2025-03-05T10:30:00.000Z',
      actor: 'operator',
      fromState: 'in_review',
      toState: 'needs_info',
      messageToCustomer: QUESTION,
      customerReply: null,
    },
  ],
});

function changeOf(requestId: string, version: number): CaseChangeEvent {
  return { requestId, caseState: 'needs_info', paymentState: 'paid', version };
}

let fetchSpy: MockInstance<typeof fetch>;
let detail: RequestDetail;

function callsTo(url: string, method: string) {
  return fetchSpy.mock.calls.filter(
    ([input, init]) => requestUrl(input) === url && (init?.method ?? 'GET') === method,
  );
}

beforeAll(addClientConfigBlock);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  setAuthSnapshot({
    status: 'signed-in',
    user: { uid: 'user-1', email: 'ana@example.com', isAnonymous: false, displayName: null },
  });
  detail = requestDetail();
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    if (url === DETAIL_URL && method === 'GET') return json(200, detail);
    if (url === TICKET_URL && method === 'POST') {
      return json(200, { ticket: 'ticket-1', expiresAt: '2025-03-05T10:31:00.000Z' });
    }
    return json(404, { error: { code: 'ROUTE_NOT_FOUND', message: 'No such route' } });
  });
});

afterEach(() => {
  act(() => setAuthSnapshot({ status: 'signed-out', user: null }));
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderCase() {
  const router = createMemoryRouter([{ path: paths.requestDetail.path, Component: CaseScreen }], {
    initialEntries: [paths.requestDetail.to(REQUEST_ID)],
  });
  return render(<RouterProvider router={router} />);
}

/** Renders the page and opens its stream, as the server would accept it. */
async function renderLive(): Promise<FakeEventSource> {
  renderCase();
  await act(() => vi.advanceTimersByTimeAsync(0));
  const source = FakeEventSource.latest();
  expect(source.url).toBe('/api/live/events?ticket=ticket-1');
  expect(callsTo(TICKET_URL, 'POST')[0]?.[1]?.headers).toMatchObject({
    Authorization: `Bearer ${ID_TOKEN}`,
  });
  await act(async () => {
    source.open();
    source.emit('resync', {});
    await vi.advanceTimersByTimeAsync(0);
  });
  return source;
}

/** Lets `ms` pass with the server's heartbeat every 15 s, as on a healthy stream. */
async function passWithHeartbeats(source: FakeEventSource, ms: number) {
  for (let passed = 0; passed < ms; passed += 15_000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(15_000, ms - passed));
      source.emit('heartbeat', {});
    });
  }
}

describe('case page live updates', () => {
  it("shows an operator's question as soon as the stream says the case changed, without polling", async () => {
    const source = await renderLive();
    expect(screen.queryByText(QUESTION, { selector: 'blockquote' })).not.toBeInTheDocument();
    const readsBefore = callsTo(DETAIL_URL, 'GET').length;

    // While the stream is up nothing is polled, however long the page stays open.
    await passWithHeartbeats(source, CASE_POLL_INTERVAL * 3);
    expect(callsTo(DETAIL_URL, 'GET')).toHaveLength(readsBefore);

    // Another case of the customer's changing is not this page's business.
    await act(async () => {
      source.emit('case-change', changeOf(OTHER_REQUEST_ID, 5));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(callsTo(DETAIL_URL, 'GET')).toHaveLength(readsBefore);

    detail = needsInfo;
    await act(async () => {
      source.emit('case-change', changeOf(REQUEST_ID, 5));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(callsTo(DETAIL_URL, 'GET')).toHaveLength(readsBefore + 1);
    expect(screen.getByText(QUESTION, { selector: 'blockquote' })).toBeInTheDocument();
  });

  it('falls back to polling when the stream is cut, and stops again once it is back', async () => {
    const source = await renderLive();
    const readsBefore = callsTo(DETAIL_URL, 'GET').length;

    detail = needsInfo;
    await act(async () => {
      source.fail();
      await vi.advanceTimersByTimeAsync(0);
    });
    // Down: read at once (a change may have been missed), then on the poll schedule.
    expect(callsTo(DETAIL_URL, 'GET')).toHaveLength(readsBefore + 1);
    expect(screen.getByText(QUESTION, { selector: 'blockquote' })).toBeInTheDocument();

    // The reopened stream is refused too (say the server restarts): polling carries on.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const second = FakeEventSource.latest();
    expect(second).not.toBe(source);
    await act(async () => {
      second.fail();
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(() => vi.advanceTimersByTimeAsync(CASE_POLL_INTERVAL));
    expect(callsTo(DETAIL_URL, 'GET').length).toBeGreaterThanOrEqual(readsBefore + 2);

    // Back up: one read on reopening, then no more polling.
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const third = FakeEventSource.latest();
    expect(third).not.toBe(second);
    await act(async () => {
      third.open();
      third.emit('resync', {});
      await vi.advanceTimersByTimeAsync(0);
    });
    await passWithHeartbeats(third, CASE_POLL_INTERVAL);
    const settled = callsTo(DETAIL_URL, 'GET').length;
    await passWithHeartbeats(third, CASE_POLL_INTERVAL * 3);
    expect(callsTo(DETAIL_URL, 'GET')).toHaveLength(settled);
  });
});

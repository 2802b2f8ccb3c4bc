import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '../../config/paths';
import { getIdToken, signOut } from '../../lib/auth/auth';
import { setAuthSnapshot } from '../../lib/auth/auth-state';
import { MyRequestsScreen } from './my-requests-screen';
import {
  ID_TOKEN,
  OTHER_REQUEST_ID,
  REQUEST_ID,
  addClientConfigBlock,
  json,
  requestSummary,
} from './test-fixtures';

// The hosted auth provider is the edge: the screen only needs a token for the signed-in user.
vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn(), signOut: vi.fn() }));

let fetchSpy: MockInstance<typeof fetch>;

beforeAll(addClientConfigBlock);

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  vi.mocked(signOut).mockReset();
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  act(() => setAuthSnapshot({ status: 'signed-out', user: null }));
  vi.restoreAllMocks();
});

function signIn(isAnonymous = false) {
  setAuthSnapshot({
    status: 'signed-in',
    user: {
      uid: 'user-1',
      email: isAnonymous ? null : 'ana@example.com',
      isAnonymous,
      displayName: null,
    },
  });
}

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: paths.requests.path, Component: MyRequestsScreen },
      { path: paths.requestDetail.path, Component: () => <h1>Case page</h1> },
      { path: paths.signIn.path, Component: () => <h1>Sign in</h1> },
      { path: paths.request.path, Component: () => <h1>New request</h1> },
    ],
    { initialEntries: [paths.requests.to()] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('MyRequestsScreen', () => {
  it('asks a signed-out visitor to sign in and come back here, and loads nothing', async () => {
    renderScreen();

    expect(await screen.findByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
    expect(screen.getByText(/Sign in to see your requests/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Frequests',
    );
    expect(screen.getByRole('link', { name: 'Start a request' })).toHaveAttribute(
      'href',
      '/request',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("lists the signed-in customer's requests with their states, each linking to its case", async () => {
    signIn();
    fetchSpy.mockResolvedValue(
      json(200, {
        requests: [
          requestSummary({ caseState: 'needs_info' }),
          requestSummary({
            id: OTHER_REQUEST_ID,
            reference: 'UB-AAAA1111',
            messagingApp: 'whatsapp',
            plan: 'standard',
            caseState: 'awaiting_payment',
            paymentState: 'failed',
            phoneMasked: '+•• ••• ••• 999',
            createdAt: '2025-01-15T10:00:00.000Z',
          }),
        ],
      }),
    );
    renderScreen();

    const list = await screen.findByRole('list', { name: 'Your requests' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two requests expected');

    expect(within(first).getByRole('link', { name: 'Request UB-7K3Q9XQ2' })).toHaveAttribute(
      'href',
      `/requests/${REQUEST_ID}`,
    );
    expect(first).toHaveTextContent('StatusInformation needed');
    expect(first).toHaveTextContent('PaymentPaid');
    expect(first).toHaveTextContent('AppWhatsApp Business');
    expect(first).toHaveTextContent('Phone number+•• ••• ••• 143');
    expect(first).toHaveTextContent('PlanPriority');
    expect(first).toHaveTextContent('Action needed');
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2025-03-04T14:05:00.000Z');
    expect(first.querySelector('time')).toHaveTextContent('Mar 4, 2025');

    expect(within(second).getByRole('link', { name: 'Request UB-AAAA1111' })).toHaveAttribute(
      'href',
      `/requests/${OTHER_REQUEST_ID}`,
    );
    expect(second).toHaveTextContent('StatusAwaiting payment');
    expect(second).toHaveTextContent('PaymentPayment failed');
    expect(second).toHaveTextContent('PlanStandard');
    expect(second).not.toHaveTextContent('Action needed');

    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/requests');
    expect(init?.headers).toMatchObject({ Authorization: `Bearer ${ID_TOKEN}` });
  });

  it('says so when there are no requests yet, and offers to start one', async () => {
    signIn(true);
    fetchSpy.mockResolvedValue(json(200, { requests: [] }));
    renderScreen();

    expect(await screen.findByText('You have no requests yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your requests' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a request' })).toHaveAttribute(
      'href',
      '/request',
    );
    // A guest is told how to keep the requests.
    expect(screen.getByRole('link', { name: 'Sign in to keep your requests' })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Frequests',
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    signIn();
    fetchSpy
      .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }))
      .mockResolvedValueOnce(json(200, { requests: [requestSummary()] }));
    renderScreen();

    expect(await screen.findByText(/couldn't load your requests/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'Request UB-7K3Q9XQ2' })).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});

describe('MyRequestsScreen: your data', () => {
  const exportBody = {
    exportedAt: '2026-11-25T10:00:00.000Z',
    account: { uid: 'user-1', email: 'ana@example.com', signInProvider: 'password' },
    requests: [],
  };

  /** Answers the list and the account data route; `erase` is the DELETE's answer. */
  function serve(erase: () => Response) {
    fetchSpy.mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? 'GET';
      if (url === '/api/account/data' && method === 'GET') return json(200, exportBody);
      if (url === '/api/account/data' && method === 'DELETE') return erase();
      return json(200, { requests: [requestSummary({ caseState: 'unbanned' })] });
    });
  }

  function accountCalls(method: string) {
    return fetchSpy.mock.calls.filter(
      ([input, init]) =>
        String(input) === '/api/account/data' && (init?.method ?? 'GET') === method,
    );
  }

  it('downloads everything we hold as a JSON file', async () => {
    const user = userEvent.setup();
    signIn();
    serve(() => json(500));
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen();

    const section = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(section).getByRole('button', { name: 'Download my data (JSON)' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('unban-desk-data-2026-11-25.json');
    expect(link.href).toBe('blob:export');
    expect(accountCalls('GET')[0]?.[1]?.headers).toMatchObject({
      Authorization: `Bearer ${ID_TOKEN}`,
    });
  });

  it('erases only after a confirmation, then signs out and says what was kept', async () => {
    const user = userEvent.setup();
    signIn();
    serve(() => json(200, { erasedRequests: 1, keptPaymentRecords: 1 }));
    vi.mocked(signOut).mockImplementation(async () => {
      setAuthSnapshot({ status: 'signed-out', user: null });
    });
    renderScreen();

    const section = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(section).getByRole('button', { name: 'Erase my data…' }));
    expect(accountCalls('DELETE')).toHaveLength(0);
    expect(within(section).getByRole('button', { name: 'Yes, erase my data' })).toHaveFocus();
    await user.click(within(section).getByRole('button', { name: 'Yes, erase my data' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your data is erased and you are signed out. We keep only the anonymized payment records the law requires (1).',
    );
    expect(JSON.parse(String(accountCalls('DELETE')[0]?.[1]?.body))).toEqual({ confirm: true });
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('shows why erasure is refused while a case is open, and stays signed in', async () => {
    const user = userEvent.setup();
    signIn();
    serve(() =>
      json(409, {
        error: {
          code: 'CASE_STILL_OPEN',
          message:
            'Your data can be erased once none of your cases is open. Still open: UB-7K3Q9XQ2.',
        },
      }),
    );
    renderScreen();

    const section = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(section).getByRole('button', { name: 'Erase my data…' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, erase my data' }));

    expect(await within(section).findByRole('alert')).toHaveTextContent('Still open: UB-7K3Q9XQ2.');
    expect(signOut).not.toHaveBeenCalled();
    expect(within(section).getByRole('button', { name: 'Erase my data…' })).toBeInTheDocument();
  });
});

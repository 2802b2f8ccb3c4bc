import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { caseStateInfo } from '@unban/contract/case-states';
import type { CaseState } from '@unban/contract/case-states';
import type { PaymentState } from '@unban/contract/payment-states';
import { paymentStateInfo } from '@unban/contract/payment-states';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { isLoading } from '../../lib/loading/loading-store';
import { PaymentStatusScreen } from './payment-status-screen';

// The hosted sign-in provider's edge: a link without a status token is read as the owner.
vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn(async () => 'owner-id-token') }));

const REFERENCE = 'UB-7K3Q9XQ2';
const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6';
const CHECKOUT_URL = 'https://checkout.example.test/pay/cs_test_456';
const STATUS_URL = `/api/payments/status?order=${REFERENCE}&token=${TOKEN}`;
const RETRY_URL = `/api/requests/${REFERENCE}/retry-payment?token=${TOKEN}`;
const statusLocation = paths.paymentStatus.to({ order: REFERENCE, token: TOKEN });

/** The case state that goes with each payment state in a real case. */
const caseStateFor: Record<PaymentState, CaseState> = {
  unpaid: 'awaiting_payment',
  processing: 'awaiting_payment',
  paid: 'queued',
  refund_pending: 'denied',
  refunded: 'refunded',
  failed: 'awaiting_payment',
  expired: 'awaiting_payment',
};

function paymentStatus(
  paymentState: PaymentState,
  overrides: Partial<PaymentStatusResponse> = {},
): PaymentStatusResponse {
  return {
    reference: REFERENCE,
    amountMinor: 8900,
    currency: 'USD',
    paymentState,
    caseState: caseStateFor[paymentState],
    phoneMasked: '+•• ••• ••• 143',
    plan: 'priority',
    updatedAt: '2025-03-04T14:05:00.000Z',
    canRetry: paymentState === 'failed' || paymentState === 'expired',
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchSpy: MockInstance<typeof fetch>;
/** The answers of the status endpoint, in order; the last one repeats. */
const OWNER_STATUS_URL = `/api/payments/status?order=${REFERENCE}`;
let statusAnswers: (() => Response)[];
let retryAnswer: () => Response;
const assign = vi.fn<(url: string) => void>();
const realLocation = window.location;

function requestUrl(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function statusCalls() {
  return fetchSpy.mock.calls.filter(([input]) => requestUrl(input) === STATUS_URL);
}

beforeEach(() => {
  statusAnswers = [() => json(200, paymentStatus('processing'))];
  retryAnswer = () => json(200, { checkoutUrl: CHECKOUT_URL });
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    if (url === STATUS_URL && (init?.method ?? 'GET') === 'GET') {
      const answer = statusAnswers.length > 1 ? statusAnswers.shift() : statusAnswers[0];
      if (!answer) throw new Error('no answer configured');
      return answer();
    }
    if (url === OWNER_STATUS_URL) return json(200, paymentStatus('processing'));
    if (url === RETRY_URL && init?.method === 'POST') return retryAnswer();
    return json(404, { error: { code: 'ROUTE_NOT_FOUND', message: 'No such route' } });
  });
  // jsdom cannot navigate; leaving for the checkout is observed through `assign`.
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { href: realLocation.href, hash: realLocation.hash, assign },
  });
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  // Leaving for the checkout keeps the loading flag on; end it as a back/forward return would.
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  setVisibility('visible');
  vi.useRealTimers();
  vi.restoreAllMocks();
  assign.mockReset();
});

function renderAt(location: string) {
  const router = createMemoryRouter(
    [
      { path: paths.paymentStatus.path, Component: PaymentStatusScreen },
      { path: paths.home.path, Component: () => <h1>Home</h1> },
      { path: paths.requests.path, Component: () => <h1>My requests</h1> },
    ],
    { initialEntries: [location] },
  );
  return render(<RouterProvider router={router} />);
}

function liveRegion(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[aria-live="polite"]');
  if (!region) throw new Error('no polite live region');
  return region;
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

/**
 * Fake timeouts, so the screen's polling moves only when a test says so. Testing Library's
 * findBy* waits on a real timeout, so these tests let the fake clock run instead: `elapse`
 * advances it and settles the answers (fetch mocks resolve within that).
 */
function useFakePollTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

async function elapse(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function expectNotFoundState() {
  expect(
    screen.getByRole('heading', { level: 1, name: "We couldn't find this payment" }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'support@unbandesk.example' })).toBeInTheDocument();
}

describe('PaymentStatusScreen: finding the payment', () => {
  it("with an order but no token, reads the status with the signed-in owner's token", async () => {
    renderAt(paths.paymentStatus.to({ order: REFERENCE }));

    expect(await screen.findByRole('heading', { name: 'Payment status', level: 1 })).toBeVisible();
    const call = fetchSpy.mock.calls.find(([input]) => requestUrl(input) === OWNER_STATUS_URL);
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBe('Bearer owner-id-token');
  });

  it('without an order shows the not-found state with a hint to use the link', async () => {
    renderAt(paths.paymentStatus.path);

    await screen.findByRole('heading', { level: 1 });
    expectNotFoundState();
    expect(
      screen.getByText(/open the payment link from your confirmation e-mail/),
    ).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'NOT_FOUND'],
    [403, 'FORBIDDEN'],
    [400, 'VALIDATION_FAILED'],
  ])(
    'shows the not-found state when the server answers %i, and stops asking',
    async (status, code) => {
      useFakePollTimers();
      statusAnswers = [() => json(status, { error: { code, message: 'No such payment' } })];
      renderAt(statusLocation);

      // Announced politely while it checks, then the answer replaces it.
      expect(liveRegion()).toHaveTextContent('Checking your payment…');
      await elapse();
      expectNotFoundState();
      expect(liveRegion()).toHaveTextContent(/No payment matches this link/);
      expect(fetchSpy).toHaveBeenCalledWith(STATUS_URL, expect.objectContaining({ method: 'GET' }));

      await elapse(120_000);
      expect(statusCalls()).toHaveLength(1);
    },
  );

  it('offers to check again when the server cannot answer, and then shows the answer', async () => {
    statusAnswers = [
      () => new Response('Service unavailable', { status: 503 }),
      () => json(200, paymentStatus('processing')),
    ];
    renderAt(statusLocation);

    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't check your payment" }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await within(liveRegion()).findByText('Processing')).toBeInTheDocument();
    expect(statusCalls()).toHaveLength(2);
  });
});

describe('PaymentStatusScreen: each payment state', () => {
  it.each(Object.keys(caseStateFor) as PaymentState[])(
    'explains %s: label, meaning, what happens next, and the order facts',
    async (state) => {
      statusAnswers = [() => json(200, paymentStatus(state))];
      renderAt(statusLocation);

      const info = paymentStateInfo[state];
      expect(await within(liveRegion()).findByText(info.label)).toBeInTheDocument();
      expect(liveRegion()).toHaveTextContent(info.meaning);
      expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible();
      expect(screen.getByText(info.next)).toBeInTheDocument();
      if (info.usualWait) {
        expect(screen.getByText(`Usually takes ${info.usualWait}.`)).toBeInTheDocument();
      }

      const charged = state === 'paid' || state === 'refund_pending' || state === 'refunded';
      const summary = screen.getByRole('region', { name: charged ? 'Receipt' : 'Order details' });
      const facts = within(summary);
      expect(facts.getByText(REFERENCE)).toBeInTheDocument();
      expect(facts.getByText('$89.00')).toBeInTheDocument();
      expect(facts.getByText('Priority')).toBeInTheDocument();
      expect(facts.getByText('+•• ••• ••• 143')).toBeInTheDocument();
      expect(summary.querySelector('time')).toHaveAttribute('dateTime', '2025-03-04T14:05:00.000Z');

      const retryOffered = state === 'failed' || state === 'expired';
      expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(retryOffered);
    },
  );

  it('once paid, shows the case state and where to follow the case', async () => {
    statusAnswers = [() => json(200, paymentStatus('paid', { caseState: 'in_review' }))];
    renderAt(statusLocation);

    const yourCase = await screen.findByRole('region', { name: 'Your case' });
    expect(within(yourCase).getByText(caseStateInfo.in_review.label)).toBeInTheDocument();
    expect(yourCase).toHaveTextContent(caseStateInfo.in_review.meaning);
    expect(within(yourCase).getByRole('link', { name: /My requests/ })).toHaveAttribute(
      'href',
      '/requests',
    );
    expect(screen.getByRole('region', { name: 'Receipt' })).toHaveTextContent('Amount paid$89.00');
  });

  it('announces a change of state in the polite live region', async () => {
    useFakePollTimers();
    statusAnswers = [
      () => json(200, paymentStatus('processing')),
      () => json(200, paymentStatus('paid')),
    ];
    renderAt(statusLocation);

    const region = liveRegion();
    expect(region).toHaveAttribute('aria-atomic', 'true');
    await elapse();
    expect(within(region).getByText('Processing')).toBeInTheDocument();

    await elapse(2_000);
    expect(within(region).getByText('Paid')).toBeInTheDocument();
    // The same element all along, so screen readers hear the change.
    expect(liveRegion()).toBe(region);
  });
});

describe('PaymentStatusScreen: polling', () => {
  it('asks again every 2 s while processing and stops once the state is final', async () => {
    useFakePollTimers();
    statusAnswers = [
      () => json(200, paymentStatus('processing')),
      () => json(200, paymentStatus('processing')),
      () => json(200, paymentStatus('failed')),
    ];
    renderAt(statusLocation);
    await elapse();
    expect(within(liveRegion()).getByText('Processing')).toBeInTheDocument();
    expect(statusCalls()).toHaveLength(1);

    await elapse(1_999);
    expect(statusCalls()).toHaveLength(1);
    await elapse(1);
    expect(statusCalls()).toHaveLength(2);
    await elapse(2_000);
    expect(within(liveRegion()).getByText('Payment failed')).toBeInTheDocument();
    expect(statusCalls()).toHaveLength(3);

    await elapse(10 * 60_000);
    expect(statusCalls()).toHaveLength(3);
  });

  it('pauses while the tab is hidden and asks at once when it is shown again', async () => {
    useFakePollTimers();
    statusAnswers = [
      () => json(200, paymentStatus('processing')),
      () => json(200, paymentStatus('paid')),
    ];
    renderAt(statusLocation);
    await elapse();
    expect(within(liveRegion()).getByText('Processing')).toBeInTheDocument();

    act(() => setVisibility('hidden'));
    await elapse(5 * 60_000);
    expect(statusCalls()).toHaveLength(1);

    act(() => setVisibility('visible'));
    await elapse();
    expect(within(liveRegion()).getByText('Paid')).toBeInTheDocument();
    expect(statusCalls()).toHaveLength(2);
  });

  it('backs off after failures instead of asking every 2 s', async () => {
    useFakePollTimers();
    statusAnswers = [
      () => json(200, paymentStatus('processing')),
      () => new Response('Bad gateway', { status: 502 }),
      () => new Response('Bad gateway', { status: 502 }),
      () => json(200, paymentStatus('processing')),
    ];
    renderAt(statusLocation);
    await elapse();
    expect(within(liveRegion()).getByText('Processing')).toBeInTheDocument();

    await elapse(2_000); // poll → first failure
    expect(statusCalls()).toHaveLength(2);
    // The last answer stays on screen, with a note that it may be out of date.
    expect(within(liveRegion()).getByText('Processing')).toBeInTheDocument();
    expect(screen.getByText(/couldn't refresh the status/)).toBeInTheDocument();

    await elapse(2_000); // first retry after 2 s → fails
    expect(statusCalls()).toHaveLength(3);
    await elapse(3_999); // second retry waits 4 s
    expect(statusCalls()).toHaveLength(3);
    await elapse(1);
    expect(statusCalls()).toHaveLength(4);
    expect(screen.queryByText(/couldn't refresh the status/)).not.toBeInTheDocument();
  });

  it('stops asking when the screen is left', async () => {
    useFakePollTimers();
    const { unmount } = renderAt(statusLocation);
    await elapse();
    expect(within(liveRegion()).getByText('Processing')).toBeInTheDocument();

    unmount();
    await elapse(60_000);
    expect(statusCalls()).toHaveLength(1);
  });
});

describe('PaymentStatusScreen: trying again', () => {
  it('starts a new checkout and leaves for it with the loading flag on', async () => {
    statusAnswers = [() => json(200, paymentStatus('expired'))];
    renderAt(statusLocation);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(fetchSpy).toHaveBeenCalledWith(RETRY_URL, expect.objectContaining({ method: 'POST' }));
    expect(isLoading()).toBe(true);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });

  it('says why and shows the latest state when the payment can no longer be retried', async () => {
    statusAnswers = [
      () => json(200, paymentStatus('failed')),
      () => json(200, paymentStatus('paid', { canRetry: false })),
    ];
    retryAnswer = () =>
      json(409, { error: { code: 'CONFLICT', message: 'This payment cannot be retried' } });
    renderAt(statusLocation);

    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await within(liveRegion()).findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(isLoading()).toBe(false);
  });

  it('keeps the button and says so when the new checkout cannot be started', async () => {
    statusAnswers = [() => json(200, paymentStatus('failed'))];
    retryAnswer = () => new Response('Service unavailable', { status: 503 });
    renderAt(statusLocation);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not start a new checkout. Nothing has been charged.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(isLoading()).toBe(false);
  });

  it('offers it to a customer back from cancelling the checkout, and not otherwise', async () => {
    statusAnswers = [() => json(200, paymentStatus('unpaid'))];
    const first = renderAt(statusLocation);
    expect(await within(liveRegion()).findByText('Not paid yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    first.unmount();

    renderAt(`${statusLocation}&canceled=1`);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent('You left the checkout before paying.');
  });
});

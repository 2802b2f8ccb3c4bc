import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RequestDetail } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { getIdToken } from '../../lib/auth/auth';
import { setAuthSnapshot } from '../../lib/auth/auth-state';
import { isLoading } from '../../lib/loading/loading-store';
import { formatLocalTime } from '../../components/ui/local-time';
import { CaseScreen } from './case-screen';
import {
  ID_TOKEN,
  REQUEST_ID,
  addClientConfigBlock,
  json,
  requestDetail,
  requestUrl,
} from './test-fixtures';

// The hosted auth provider is the edge: the screen only needs a token for the signed-in user.
vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const DETAIL_URL = `/api/requests/${REQUEST_ID}`;
const REPLIES_URL = `${DETAIL_URL}/replies`;
const RETRY_URL = `${DETAIL_URL}/retry-payment`;
const CANCEL_URL = `${DETAIL_URL}/cancel`;
const CONFIRM_REVIEW_URL = `${DETAIL_URL}/owner-review/confirm`;
const CHECKOUT_URL = 'https://checkout.example.test/pay/cs_test_789';
const QUESTION = 'Which country was the number registered in?';

const needsInfo = requestDetail({
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

let fetchSpy: MockInstance<typeof fetch>;
/** The answers of GET /api/requests/:id, in order; the last one repeats. */
let detailAnswers: (() => Response)[];
let replyAnswer: () => Response;
let retryAnswer: () => Response;
let cancelAnswer: () => Response;
let confirmReviewAnswer: () => Response;
const assign = vi.fn<(url: string) => void>();
const realLocation = window.location;

function callsTo(url: string, method: string) {
  return fetchSpy.mock.calls.filter(
    ([input, init]) => requestUrl(input) === url && (init?.method ?? 'GET') === method,
  );
}

beforeAll(addClientConfigBlock);

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  setAuthSnapshot({
    status: 'signed-in',
    user: { uid: 'user-1', email: 'ana@example.com', isAnonymous: false, displayName: null },
  });
  detailAnswers = [() => json(200, requestDetail())];
  replyAnswer = () => json(201);
  retryAnswer = () => json(200, { checkoutUrl: CHECKOUT_URL });
  cancelAnswer = () => json(200, requestDetail({ caseState: 'canceled' }));
  confirmReviewAnswer = () => json(200, requestDetail());
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    if (url === DETAIL_URL && method === 'GET') {
      const answer = detailAnswers.length > 1 ? detailAnswers.shift() : detailAnswers[0];
      if (!answer) throw new Error('no answer configured');
      return answer();
    }
    if (url === REPLIES_URL && method === 'POST') return replyAnswer();
    if (url === RETRY_URL && method === 'POST') return retryAnswer();
    if (url === CANCEL_URL && method === 'POST') return cancelAnswer();
    if (url === CONFIRM_REVIEW_URL && method === 'POST') return confirmReviewAnswer();
    return json(404, { error: { code: 'ROUTE_NOT_FOUND', message: 'No such route' } });
  });
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { href: realLocation.href, hash: realLocation.hash, assign },
  });
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  act(() => setAuthSnapshot({ status: 'signed-out', user: null }));
  vi.useRealTimers();
  vi.restoreAllMocks();
  assign.mockReset();
});

function renderCase(id = REQUEST_ID) {
  const router = createMemoryRouter(
    [
      { path: paths.requestDetail.path, Component: CaseScreen },
      { path: paths.requests.path, Component: () => <h1>My requests</h1> },
      { path: paths.signIn.path, Component: () => <h1>Sign in</h1> },
    ],
    { initialEntries: [paths.requestDetail.to(id)] },
  );
  return render(<RouterProvider router={router} />);
}

async function caseHeading() {
  return screen.findByRole('heading', { level: 1, name: 'Request UB-7K3Q9XQ2' });
}

describe('CaseScreen: the owner’s in-app review', () => {
  const steps = [
    'Open WhatsApp on your iPhone, with the banned number.',
    'Tap “Request a review”.',
  ];
  const asked = requestDetail({
    caseState: 'in_review',
    ownerReview: {
      requestedAt: '2025-03-05T09:00:00.000Z',
      message: 'Say that the number is for your bakery.',
      steps,
      confirmedAt: null,
      canConfirm: true,
    },
  });
  const confirmedAt = '2025-03-05T12:00:00.000Z';
  const confirmed = requestDetail({
    caseState: 'appeal_submitted',
    ownerReview: { ...asked.ownerReview!, confirmedAt, canConfirm: false },
  });

  it('shows the steps with the no-codes pledge beside them, and records the confirmation', async () => {
    const user = userEvent.setup();
    detailAnswers = [() => json(200, asked), () => json(200, confirmed)];
    confirmReviewAnswer = () => json(200, confirmed);
    renderCase();
    await caseHeading();

    const panel = screen.getByRole('region', {
      name: 'Action needed: request a review in WhatsApp Business',
    });
    const list = within(panel).getByRole('list', { name: 'On your phone' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(steps);
    expect(panel).toHaveTextContent('Say that the number is for your bakery.');
    expect(
      within(panel).getByRole('complementary', { name: 'Our promise about your codes' }),
    ).toHaveTextContent('We never ask for your SMS code, two-step PIN or password.');

    await user.click(within(panel).getByRole('button', { name: 'I have submitted the review' }));
    expect(
      await screen.findByText(
        /We have recorded that you sent the review request in WhatsApp Business/,
      ),
    ).toBeInTheDocument();
    const [call] = callsTo(CONFIRM_REVIEW_URL, 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ confirm: true });
    const done = await screen.findByRole('region', {
      name: 'Your review request in WhatsApp Business',
    });
    expect(done).toHaveTextContent(formatLocalTime(confirmedAt));
    expect(screen.queryByRole('button', { name: 'I have submitted the review' })).toBeNull();
  });

  it('says why a confirmation was refused and shows the case as it is', async () => {
    const user = userEvent.setup();
    detailAnswers = [() => json(200, asked), () => json(200, requestDetail())];
    confirmReviewAnswer = () =>
      json(409, {
        error: {
          code: 'OWNER_REVIEW_NOT_REQUESTED',
          message: 'There is no review request waiting for you on this case.',
        },
      });
    renderCase();
    await caseHeading();
    await user.click(screen.getByRole('button', { name: 'I have submitted the review' }));
    expect(
      await screen.findByText('There is no review request waiting for you on this case.'),
    ).toBeInTheDocument();
  });

  it('shows nothing when we never asked', async () => {
    renderCase();
    await caseHeading();
    expect(screen.queryByRole('button', { name: 'I have submitted the review' })).toBeNull();
  });
});

describe('CaseScreen: canceling before work starts', () => {
  const queued = () => json(200, requestDetail({ caseState: 'queued', paymentState: 'paid' }));

  it('cancels a queued request after a confirmation that names the refund', async () => {
    const user = userEvent.setup();
    detailAnswers = [queued, () => json(200, requestDetail({ caseState: 'canceled' }))];
    renderCase();
    await caseHeading();

    const panel = screen.getByRole('region', { name: 'Cancel this request' });
    expect(panel).toHaveTextContent('Your payment of $89.00 will be refunded in full');
    await user.click(within(panel).getByRole('button', { name: 'Cancel request…' }));
    // Nothing is sent before the second, explicit click, which has the keyboard focus.
    expect(callsTo(CANCEL_URL, 'POST')).toHaveLength(0);
    expect(
      within(panel).getByRole('button', { name: 'Yes, cancel and refund $89.00' }),
    ).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Yes, cancel and refund $89.00' }));

    expect(
      await screen.findByText(
        'Your request is canceled. Your payment of $89.00 is being refunded in full.',
      ),
    ).toBeInTheDocument();
    const [call] = callsTo(CANCEL_URL, 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ confirm: true });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cancel this request' })).not.toBeInTheDocument(),
    );
  });

  it('lets the customer step back without sending anything', async () => {
    const user = userEvent.setup();
    detailAnswers = [queued];
    renderCase();
    await caseHeading();
    await user.click(screen.getByRole('button', { name: 'Cancel request…' }));
    await user.click(screen.getByRole('button', { name: 'Keep my request' }));
    expect(screen.getByRole('button', { name: 'Cancel request…' })).toHaveFocus();
    expect(callsTo(CANCEL_URL, 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal when an operator started meanwhile", async () => {
    const user = userEvent.setup();
    detailAnswers = [queued];
    cancelAnswer = () =>
      json(409, {
        error: { code: 'CASE_NOT_CANCELABLE', message: 'An operator has already started work.' },
      });
    renderCase();
    await caseHeading();
    await user.click(screen.getByRole('button', { name: 'Cancel request…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel and refund $89.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An operator has already started work.',
    );
  });

  it('offers no cancel once an operator is working on the case', async () => {
    renderCase();
    await caseHeading();
    expect(screen.queryByRole('region', { name: 'Cancel this request' })).not.toBeInTheDocument();
  });
});

describe('CaseScreen: the case', () => {
  it('explains the current state with the usual wait on the customer plan', async () => {
    renderCase();
    await caseHeading();

    const status = screen.getByRole('region', { name: 'Current status' });
    expect(within(status).getByText('In review')).toBeInTheDocument();
    expect(status).toHaveTextContent('An operator is preparing your appeal.');
    expect(status).toHaveTextContent('What happens next:');
    // Priority plan: the operator's reply time is the Priority one.
    expect(status).toHaveTextContent('Usual wait: within 4 business hours.');

    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Paid');
    expect(payment).toHaveTextContent('$89.00, Priority plan');
    expect(within(payment).queryByRole('button')).not.toBeInTheDocument();

    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(DETAIL_URL);
    expect(init?.headers).toMatchObject({ Authorization: `Bearer ${ID_TOKEN}` });
  });

  it('says when to expect the next reply while one is owed', async () => {
    const due = '2026-12-28T10:00:00.000Z';
    detailAnswers = [() => json(200, requestDetail({ nextReplyBy: due }))];
    renderCase();
    await caseHeading();

    const status = screen.getByRole('region', { name: 'Current status' });
    expect(status).toHaveTextContent('Expect our next reply by:');
    expect(status).toHaveTextContent("your plan's promise: a reply within 4 business hours");
    expect(status.querySelector(`time[datetime="${due}"]`)).toHaveTextContent(/2026/);
    expect(status).not.toHaveTextContent('Usual wait');
  });

  it('shows the timeline oldest first, with who acted and when', async () => {
    const [created, paid, review] = requestDetail().timeline;
    if (!created || !paid || !review) throw new Error('fixture changed');
    // Out of order on purpose: the page must not depend on the order it receives.
    detailAnswers = [() => json(200, requestDetail({ timeline: [review, created, paid] }))];
    renderCase();
    await caseHeading();

    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    const entries = timeline.getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    const [first, second, third] = entries;
    expect(first).toHaveTextContent('You');
    expect(first).toHaveTextContent('Request created');
    expect(second).toHaveTextContent('System');
    expect(second).toHaveTextContent('Status changed to Queued');
    expect(second).toHaveTextContent('Payment received.');
    expect(third).toHaveTextContent('Our team');
    expect(third).toHaveTextContent('Status changed to In review');
    expect(third).toHaveTextContent('We are preparing your appeal.');

    const time = third?.querySelector('time');
    expect(time).toHaveAttribute('dateTime', review.at);
    expect(time).toHaveTextContent(formatLocalTime(review.at));
  });

  it.each([
    ['unbanned', 'Your number has been unbanned'],
    ['refunded', 'Your payment has been refunded in full'],
  ] as const)('states the outcome (%s) plainly', async (caseState, heading) => {
    detailAnswers = [
      () =>
        json(
          200,
          requestDetail({
            caseState,
            paymentState: caseState === 'refunded' ? 'refunded' : 'paid',
          }),
        ),
    ];
    renderCase();
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });

  it("shows that a request isn't there (or isn't theirs) with a way back", async () => {
    detailAnswers = [() => json(404, { error: { code: 'NOT_FOUND', message: 'No such request' } })];
    renderCase();

    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find this request" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My requests' })).toHaveAttribute(
      'href',
      '/requests',
    );
  });

  it('asks a signed-out visitor to sign in and come back to this case', async () => {
    act(() => setAuthSnapshot({ status: 'signed-out', user: null }));
    renderCase();

    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/sign-in?next=${encodeURIComponent(`/requests/${REQUEST_ID}`)}`,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks again every 20 s while visible, so an operator change appears', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    detailAnswers = [() => json(200, requestDetail()), () => json(200, needsInfo)];
    renderCase();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Request UB-7K3Q9XQ2' })).toBeVisible();
    expect(screen.queryByText(QUESTION, { selector: 'blockquote' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(19_999));
    expect(callsTo(DETAIL_URL, 'GET')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo(DETAIL_URL, 'GET')).toHaveLength(2);
    expect(screen.getByText(QUESTION, { selector: 'blockquote' })).toBeInTheDocument();
  });
});

describe('CaseScreen: when the operator needs information', () => {
  it('shows an action-needed banner with the question, and sends the reply', async () => {
    const answered: RequestDetail = {
      ...needsInfo,
      caseState: 'in_review',
      needsInfoQuestion: null,
    };
    detailAnswers = [() => json(200, needsInfo), () => json(200, answered)];
    renderCase();
    await caseHeading();

    const banner = screen.getByRole('region', { name: 'Action needed: we need more information' });
    expect(within(banner).getByRole('status')).toHaveTextContent(QUESTION);

    const box = within(banner).getByLabelText('Your reply');
    expect(within(banner).getByText('0 of 2000 characters')).toBeInTheDocument();
    await userEvent.type(box, '  Germany, since 2019  ');
    expect(within(banner).getByText('19 of 2000 characters')).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Send reply' }));

    expect(
      await screen.findByText(
        'Thank you, your reply was sent. The operator continues with your case.',
      ),
    ).toBeInTheDocument();
    const [post] = callsTo(REPLIES_URL, 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ message: 'Germany, since 2019' });
    expect(post?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${ID_TOKEN}` });
    // Loaded again after sending: the banner goes once the case has moved on.
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Action needed: we need more information' }),
      ).not.toBeInTheDocument(),
    );
    expect(callsTo(DETAIL_URL, 'GET')).toHaveLength(2);
    expect(isLoading()).toBe(false);
  });

  it('falls back to the latest operator message when no open question is named', async () => {
    detailAnswers = [() => json(200, { ...needsInfo, needsInfoQuestion: null })];
    renderCase();
    await caseHeading();
    const banner = screen.getByRole('region', { name: 'Action needed: we need more information' });
    expect(within(banner).getByRole('status')).toHaveTextContent(QUESTION);
  });

  it('checks the reply before sending: empty and too long are refused with the reason', async () => {
    detailAnswers = [() => json(200, needsInfo)];
    renderCase();
    await caseHeading();

    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write your reply to the operator.')).toBeInTheDocument();

    const box = screen.getByLabelText('Your reply');
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2001 of 2000 characters')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText('Keep it to 2000 characters or fewer (now 2001).'),
    ).toBeInTheDocument();
    expect(callsTo(REPLIES_URL, 'POST')).toHaveLength(0);
  });

  it('announces why a reply was not sent, and keeps what was typed', async () => {
    detailAnswers = [() => json(200, needsInfo)];
    replyAnswer = () =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          fields: { message: 'Write your reply to the operator.' },
        },
      });
    renderCase();
    await caseHeading();

    await userEvent.type(screen.getByLabelText('Your reply'), 'Germany');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    const banner = screen.getByRole('region', { name: 'Action needed: we need more information' });
    await waitFor(() =>
      expect(within(banner).getByRole('alert')).toHaveTextContent(
        'Write your reply to the operator.',
      ),
    );
    expect(screen.getByLabelText('Your reply')).toHaveValue('Germany');
  });
});

describe('CaseScreen: paying from the case page', () => {
  it('starts a new checkout as the owner when the payment failed, and leaves for it', async () => {
    detailAnswers = [
      () => json(200, requestDetail({ caseState: 'awaiting_payment', paymentState: 'failed' })),
    ];
    renderCase();
    await caseHeading();

    const payment = screen.getByRole('region', { name: 'Payment' });
    await userEvent.click(within(payment).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    const [post] = callsTo(RETRY_URL, 'POST');
    expect(post?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${ID_TOKEN}` });
    expect(isLoading()).toBe(true);
  });

  it('reloads the case and says why when the payment can no longer be started', async () => {
    detailAnswers = [
      () => json(200, requestDetail({ caseState: 'awaiting_payment', paymentState: 'unpaid' })),
      () => json(200, requestDetail({ caseState: 'queued', paymentState: 'paid' })),
    ];
    retryAnswer = () =>
      json(409, { error: { code: 'CONFLICT', message: 'The payment cannot be retried' } });
    renderCase();
    await caseHeading();

    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));

    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Current status' })).toHaveTextContent('Queued'),
    );
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(isLoading()).toBe(false);
  });
});

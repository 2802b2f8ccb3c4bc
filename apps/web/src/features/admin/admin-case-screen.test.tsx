import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCase } from '@unban/contract/admin';
import { getIdToken } from '../../lib/auth/auth';
import { setAuthSnapshot } from '../../lib/auth/auth-state';
import {
  CASE_ID,
  ID_TOKEN,
  OPERATOR_UID,
  addClientConfigBlock,
  adminCase,
  apiError,
  appealWorkbench,
  json,
  operatorSession,
  renderAdmin,
  requestUrl,
} from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const CASE_URL = `/api/admin/requests/${CASE_ID}`;
let fetchSpy: MockInstance<typeof fetch>;
/** Answers of GET CASE_URL in order; the last one repeats. */
let caseAnswers: (() => Response)[];
let actionAnswer: () => Response;

function bodiesSentTo(action: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(
      ([input, init]) => requestUrl(input) === `${CASE_URL}/${action}` && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

function caseGets(): number {
  return fetchSpy.mock.calls.filter(
    ([input, init]) => requestUrl(input) === CASE_URL && (init?.method ?? 'GET') === 'GET',
  ).length;
}

beforeAll(addClientConfigBlock);

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  setAuthSnapshot({
    status: 'signed-in',
    user: { uid: OPERATOR_UID, email: 'op@example.com', isAnonymous: false, displayName: null },
  });
  caseAnswers = [() => json(200, adminCase())];
  actionAnswer = () => json(200, adminCase());
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/admin/session') return json(200, operatorSession);
    if (url === `${CASE_URL}/appeals` && method === 'GET') return json(200, appealWorkbench());
    if (url === CASE_URL && method === 'GET') {
      const answer = caseAnswers.length > 1 ? caseAnswers.shift() : caseAnswers[0];
      if (!answer) throw new Error('no answer configured');
      return answer();
    }
    if (url.startsWith(`${CASE_URL}/`) && method === 'POST') return actionAnswer();
    throw new Error(`unexpected ${method} ${url}`);
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
});

function moveForm() {
  return screen.getByRole('form', { name: 'Move the case' });
}

describe('the case view', () => {
  it('shows the timeline with internal notes and who acted', async () => {
    renderAdmin(`/admin/requests/${CASE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Case UB-7K3Q9XQ2' })).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(timeline).toHaveTextContent('Internal note: Checked the payment by hand');
    expect(timeline).toHaveTextContent('Operator (operator-2)');
    expect(screen.getByRole('region', { name: 'Answers' })).toHaveTextContent('+12025550143');
  });

  it("shows the customer's language, so the operator can answer in it", async () => {
    caseAnswers = [() => json(200, adminCase({ locale: 'pt-BR' }))];
    renderAdmin(`/admin/requests/${CASE_ID}`);
    const line = (await screen.findByText(/^Customer's language:/)).closest('p');
    expect(line).toHaveTextContent("Customer's language: Português (Brasil) (pt-BR)");
  });

  it('shows when the reply is due and how long is left', async () => {
    const due = new Date(Date.now() + 2 * 3_600_000 + 30_000).toISOString();
    caseAnswers = [() => json(200, adminCase({ replyDueAt: due }))];
    renderAdmin(`/admin/requests/${CASE_ID}`);
    const line = (await screen.findByText(/^Reply due by/)).closest('p');
    expect(line).toHaveTextContent('2 h left');
    expect(line?.querySelector(`time[datetime="${due}"]`)).not.toBeNull();
  });

  it('says so when no reply is owed', async () => {
    renderAdmin(`/admin/requests/${CASE_ID}`);
    expect(
      await screen.findByText('No operator reply is owed on this case now.'),
    ).toBeInTheDocument();
  });

  it('offers only the states the server allows', async () => {
    renderAdmin(`/admin/requests/${CASE_ID}`);
    await screen.findByRole('heading', { name: 'Case UB-7K3Q9XQ2' });
    const options = within(moveForm())
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).toEqual(['', 'in_review', 'canceled']);
  });

  it('moves the case with the version it shows and the texts typed', async () => {
    const user = userEvent.setup();
    actionAnswer = () =>
      json(200, adminCase({ caseState: 'in_review', caseStateLabel: 'In review', version: 4 }));
    renderAdmin(`/admin/requests/${CASE_ID}`);
    await screen.findByRole('heading', { name: 'Case UB-7K3Q9XQ2' });
    const form = moveForm();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'New state' }),
      'in_review',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Internal note' }), 'Starting');
    await user.click(within(form).getByRole('button', { name: 'Move the case' }));
    expect(await screen.findByText(/version 4/)).toBeInTheDocument();
    expect(bodiesSentTo('transitions')).toEqual([
      { to: 'in_review', expectedVersion: 3, messageToCustomer: '', internalNote: 'Starting' },
    ]);
  });

  it('requires a question before asking the customer for information', async () => {
    const user = userEvent.setup();
    caseAnswers = [
      () => json(200, adminCase({ caseState: 'in_review', allowedNextStates: ['needs_info'] })),
    ];
    renderAdmin(`/admin/requests/${CASE_ID}`);
    await screen.findByRole('heading', { name: 'Case UB-7K3Q9XQ2' });
    const form = moveForm();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'New state' }),
      'Ask for information',
    );
    await user.click(within(form).getByRole('button', { name: 'Move the case' }));
    expect(within(form).getByText('Write the question the customer must answer.')).toBeVisible();
    expect(bodiesSentTo('transitions')).toEqual([]);
  });

  it('reports a conflict and reloads the case on request', async () => {
    const user = userEvent.setup();
    actionAnswer = () => apiError(409, 'CONFLICT', 'The case changed.');
    caseAnswers = [
      () => json(200, adminCase()),
      () =>
        json(200, adminCase({ caseState: 'in_review', caseStateLabel: 'In review', version: 5 })),
    ];
    renderAdmin(`/admin/requests/${CASE_ID}`);
    await screen.findByRole('heading', { name: 'Case UB-7K3Q9XQ2' });
    const form = moveForm();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'New state' }), 'canceled');
    await user.click(within(form).getByRole('button', { name: 'Move the case' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this case; reload');
    await user.click(within(alert).getByRole('button', { name: 'Reload the case' }));
    expect(await screen.findByText(/version 5/)).toBeInTheDocument();
    expect(caseGets()).toBe(2);
  });

  it('shows the reason an impossible move was refused', async () => {
    const user = userEvent.setup();
    actionAnswer = () =>
      apiError(409, 'INVALID_TRANSITION', 'A canceled case cannot move to in review.');
    renderAdmin(`/admin/requests/${CASE_ID}`);
    await screen.findByRole('heading', { name: 'Case UB-7K3Q9XQ2' });
    const form = moveForm();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'New state' }),
      'in_review',
    );
    await user.click(within(form).getByRole('button', { name: 'Move the case' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A canceled case cannot move to in review.',
    );
  });

  it('assigns the case to the operator with the version shown', async () => {
    const user = userEvent.setup();
    actionAnswer = () => json(200, adminCase({ assignedOperatorUid: OPERATOR_UID, version: 4 }));
    renderAdmin(`/admin/requests/${CASE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Assigned to you.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unassign' })).toBeInTheDocument();
    expect(bodiesSentTo('assign')).toEqual([{ operatorUid: OPERATOR_UID, expectedVersion: 3 }]);
  });

  it('adds a note to the timeline', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/requests/${CASE_ID}`);
    const form = await screen.findByRole('form', { name: 'Add a note' });
    const add = within(form).getByRole('button', { name: 'Add to the timeline' });
    expect(add).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'Internal note' }), 'Called Meta');
    await user.click(add);
    await vi.waitFor(() =>
      expect(bodiesSentTo('notes')).toEqual([
        { internalNote: 'Called Meta', messageToCustomer: '' },
      ]),
    );
  });

  it('refunds only after the amount is confirmed', async () => {
    const user = userEvent.setup();
    const refunded: AdminCase = adminCase({
      paymentState: 'refund_pending',
      paymentStateLabel: 'Refund pending',
      payments: adminCase().payments.map((payment) => ({
        ...payment,
        state: 'refund_pending',
        refundRequestedMinor: payment.amountMinor,
      })),
    });
    actionAnswer = () => json(200, refunded);
    renderAdmin(`/admin/requests/${CASE_ID}`);
    const form = await screen.findByRole('form', { name: 'Refund' });
    await user.type(
      within(form).getByRole('textbox', { name: 'Reason for the refund (required)' }),
      'Customer asked',
    );
    await user.click(within(form).getByRole('button', { name: 'Refund in full…' }));
    expect(bodiesSentTo('refund')).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Confirm full refund of $49.00' }));
    expect(await screen.findByText(/Refund of \$49.00 requested/)).toBeInTheDocument();
    expect(bodiesSentTo('refund')).toEqual([{ reason: 'Customer asked', confirm: true }]);
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent(
      'Refund in progress',
    );
  });
});

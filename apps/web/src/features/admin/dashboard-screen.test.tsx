import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@unban/contract/admin';
import { getIdToken } from '../../lib/auth/auth';
import { formatDuration } from './dashboard-figures';
import { DashboardScreen } from './dashboard-screen';
import { ID_TOKEN, apiError, json, requestUrl } from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const dashboard: DashboardResponse = {
  requestsByCaseState: {
    awaiting_payment: 2,
    queued: 5,
    in_review: 1,
    needs_info: 0,
    appeal_submitted: 3,
    unbanned: 7,
    denied: 1,
    not_eligible: 0,
    refunded: 1,
    canceled: 0,
  },
  paidLast7Days: [{ currency: 'USD', count: 3, amountMinor: 18700 }],
  medianSecondsPaidToOutcome: 93_600,
  refunds: [],
  replyOnTime: {
    standard: { last7Days: { total: 25, onTime: 23 }, last30Days: { total: 80, onTime: 70 } },
    priority: { last7Days: { total: 0, onTime: 0 }, last30Days: { total: 3, onTime: 1 } },
  },
  appealOutcomes: [
    {
      banType: 'permanent_ban',
      channelKind: 'support-email',
      cases: 9,
      unbanned: 6,
      notUnbanned: 2,
      medianSecondsToOutcome: 3 * 86_400 + 4 * 3600,
    },
  ],
  appealsPerOperator: [{ operatorUid: 'op-ana', appeals: 12, followUps: 4 }],
};

let fetchSpy: MockInstance<typeof fetch>;
let answers: (() => Response)[];

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  answers = [() => json(200, dashboard)];
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (requestUrl(input) !== '/api/admin/dashboard') throw new Error('unexpected call');
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) throw new Error('no answer configured');
    return answer();
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
});

describe('the dashboard', () => {
  it('shows appeal outcomes by ban type and channel, and appeals per operator', async () => {
    render(<DashboardScreen />);
    const outcomes = await screen.findByRole('table', {
      name: 'Appeal outcomes by ban type and channel (all time)',
    });
    const row = within(outcomes).getByRole('rowheader', { name: 'Permanent ban' }).closest('tr');
    expect(row).toHaveTextContent('Support e-mail');
    expect(row).toHaveTextContent('3 d 4 h');
    const perOperator = screen.getByRole('table', { name: 'Appeals per operator, last 30 days' });
    expect(
      within(perOperator).getByRole('rowheader', { name: 'op-ana' }).closest('tr'),
    ).toHaveTextContent('124');
  });

  it('shows cases per state, money and the median time', async () => {
    render(<DashboardScreen />);
    const table = await screen.findByRole('table', { name: 'Requests by case state' });
    const queued = within(table).getByRole('rowheader', { name: 'Queued' }).closest('tr');
    expect(queued).toHaveTextContent('5');
    expect(screen.getByText('$187.00 (3)')).toBeInTheDocument();
    expect(screen.getByText('1 d 2 h')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
  });

  it('shows the share of replies on time per plan over 7 and 30 days', async () => {
    render(<DashboardScreen />);
    const table = await screen.findByRole('table', { name: 'Replies on time, per plan' });
    const standard = within(table)
      .getByRole('rowheader', { name: /^Standard/ })
      .closest('tr');
    expect(standard).toHaveTextContent('within 1 business day');
    expect(standard).toHaveTextContent('92% (23 of 25)');
    expect(standard).toHaveTextContent('88% (70 of 80)');
    const priority = within(table)
      .getByRole('rowheader', { name: /^Priority/ })
      .closest('tr');
    expect(priority).toHaveTextContent('No deadline due');
    expect(priority).toHaveTextContent('33% (1 of 3)');
  });

  it('offers a retry when loading fails', async () => {
    const user = userEvent.setup();
    answers = [
      () => apiError(500, 'INTERNAL', 'Something went wrong.'),
      () => json(200, dashboard),
    ];
    render(<DashboardScreen />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'Requests by case state' }),
    ).toBeInTheDocument();
  });

  it('formats durations in the largest useful units', () => {
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 h 5 min');
    expect(formatDuration(3 * 86_400 + 4 * 3600)).toBe('3 d 4 h');
  });
});

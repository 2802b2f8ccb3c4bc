import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppealWorkbench } from '@unban/contract/appeals';
import { getIdToken } from '../../lib/auth/auth';
import { formatLocalTime } from '../../components/ui/local-time';
import { CaseAppeals } from './case-appeals';
import {
  CASE_ID,
  ID_TOKEN,
  adminCase,
  apiError,
  appealWorkbench,
  json,
  requestUrl,
} from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const BASE = `/api/admin/requests/${CASE_ID}`;
let fetchSpy: MockInstance<typeof fetch>;
let workbench: AppealWorkbench;
let postAnswer: () => Response;

function bodiesSentTo(path: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(([input, init]) => requestUrl(input) === `${BASE}/${path}` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  workbench = appealWorkbench();
  postAnswer = () => json(200, workbench);
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    if (url === `${BASE}/appeals` && (init?.method ?? 'GET') === 'GET') return json(200, workbench);
    if (url.startsWith(`${BASE}/`) && init?.method === 'POST') return postAnswer();
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
});

describe('the appeal workbench', () => {
  it('drafts from the chosen channel, lets the operator edit, and sends it by e-mail', async () => {
    const onCaseChanged = vi.fn();
    render(
      <CaseAppeals
        adminCase={adminCase({ caseState: 'in_review' })}
        onCaseChanged={onCaseChanged}
      />,
    );
    const form = await screen.findByRole('form', { name: 'Draft an appeal' });
    const text = within(form).getByLabelText('Text');
    expect(text).toHaveValue('Hello, please review +12025550143 (e-mail).');
    expect(within(form).getByLabelText('Subject')).toHaveValue('Request for review (e-mail)');
    // A follow-up needs an appeal through the channel first.
    expect(within(form).getByRole('option', { name: /^Follow-up/ })).toBeDisabled();

    await userEvent.type(text, ' Thank you.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the appeal' }));
    expect(bodiesSentTo('appeals')).toEqual([
      {
        channelIndex: 1,
        kind: 'appeal',
        delivery: 'email',
        subject: 'Request for review (e-mail)',
        body: 'Hello, please review +12025550143 (e-mail). Thank you.',
        expectedVersion: 3,
      },
    ]);
    expect(onCaseChanged).toHaveBeenCalled();
  });

  it('records a web-form submission with its time, since the form cannot be e-mailed', async () => {
    render(
      <CaseAppeals adminCase={adminCase({ caseState: 'in_review' })} onCaseChanged={vi.fn()} />,
    );
    const form = await screen.findByRole('form', { name: 'Draft an appeal' });
    await userEvent.selectOptions(within(form).getByLabelText('Channel'), '2');
    expect(within(form).getByLabelText('Text')).toHaveValue(
      'Hello, please review +12025550143 (form).',
    );
    const when = within(form).getByLabelText('Submitted at (empty: now)');
    await userEvent.type(when, '2026-11-20T10:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Record the appeal' }));
    const [sent] = bodiesSentTo('appeals') as { delivery: string; submittedAt: string }[];
    expect(sent?.delivery).toBe('recorded');
    expect(new Date(sent?.submittedAt ?? '').getTime()).toBe(
      new Date('2026-11-20T10:30').getTime(),
    );
  });

  it('says the platform replied and records the suggested outcome once the operator confirms', async () => {
    workbench = appealWorkbench({
      canSubmit: true,
      platformReplied: true,
      followUpDueAt: '2026-11-25T10:00:00.000Z',
      replies: [
        {
          id: '0190d3c4-6a7b-7c8d-9e0f-dddddddddddd',
          source: 'inbound',
          from: 'WhatsApp Support <support@support.whatsapp.com>',
          subject: 'Re: Request for review',
          body: 'Your account has been restored.',
          receivedAt: '2026-11-25T10:00:00.000Z',
          suggestedOutcome: 'restored',
          outcome: null,
          decidedAt: null,
          decidedByUid: null,
        },
      ],
    });
    render(
      <CaseAppeals
        adminCase={adminCase({ caseState: 'appeal_submitted' })}
        onCaseChanged={vi.fn()}
      />,
    );
    expect(
      await screen.findByText('The platform replied: decide its outcome below.'),
    ).toBeInTheDocument();
    const decide = screen.getByRole('form', { name: 'Decide the reply' });
    expect(within(decide).getByLabelText('Outcome')).toHaveValue('restored');
    await userEvent.click(within(decide).getByRole('button', { name: 'Record the outcome' }));
    expect(bodiesSentTo('platform-replies/0190d3c4-6a7b-7c8d-9e0f-dddddddddddd/outcome')).toEqual([
      { outcome: 'restored' },
    ]);
  });

  it('shows why the server refused, e.g. a case not in review', async () => {
    postAnswer = () =>
      apiError(409, 'INVALID_TRANSITION', 'Appeals are sent while the case is in review.');
    render(
      <CaseAppeals adminCase={adminCase({ caseState: 'in_review' })} onCaseChanged={vi.fn()} />,
    );
    const form = await screen.findByRole('form', { name: 'Draft an appeal' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send the appeal' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Appeals are sent while the case is in review.',
    );
  });
});

describe('the owner’s in-app review', () => {
  it('asks the owner with an optional message', async () => {
    const onCaseChanged = vi.fn();
    render(
      <CaseAppeals
        adminCase={adminCase({ caseState: 'in_review' })}
        onCaseChanged={onCaseChanged}
      />,
    );
    const form = await screen.findByRole('form', { name: 'Ask the owner for the in-app review' });
    await userEvent.type(
      within(form).getByLabelText('Message to the owner (optional)'),
      'Mention the bakery.',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Ask the owner to request the review' }),
    );
    expect(bodiesSentTo('owner-review')).toEqual([
      { channelIndex: 0, message: 'Mention the bakery.', expectedVersion: 3 },
    ]);
    expect(onCaseChanged).toHaveBeenCalled();
  });

  it('shows when the owner confirmed, and waits while they have not', async () => {
    const confirmedAt = '2025-03-06T08:30:00.000Z';
    workbench = appealWorkbench({
      ownerReview: {
        ...appealWorkbench().ownerReview!,
        canAsk: false,
        requests: [
          {
            id: '0190d3c4-6a7b-7c8d-9e0f-dddddddddddd',
            requestedAt: '2025-03-05T08:30:00.000Z',
            requestedByUid: 'operator-2',
            message: null,
            playbookVersion: 2,
            confirmedAt,
            reminderSentAt: null,
          },
          {
            id: '0190d3c4-6a7b-7c8d-9e0f-eeeeeeeeeeee',
            requestedAt: '2025-03-10T08:30:00.000Z',
            requestedByUid: 'operator-2',
            message: null,
            playbookVersion: 2,
            confirmedAt: null,
            reminderSentAt: '2025-03-11T08:35:00.000Z',
          },
        ],
      },
    });
    render(
      <CaseAppeals adminCase={adminCase({ caseState: 'in_review' })} onCaseChanged={vi.fn()} />,
    );
    const list = await screen.findByRole('list', { name: 'Requests to the owner' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      `Owner confirmed the in-app review at ${formatLocalTime(confirmedAt)}.`,
    );
    expect(second).toHaveTextContent('Waiting for the owner’s confirmation; reminder e-mailed');
    expect(screen.queryByRole('form', { name: 'Ask the owner for the in-app review' })).toBeNull();
  });

  it('says why asking was refused', async () => {
    postAnswer = () =>
      apiError(
        409,
        'OWNER_REVIEW_OPEN',
        'The owner was asked on 2025-03-10 and has not confirmed yet.',
      );
    render(
      <CaseAppeals adminCase={adminCase({ caseState: 'in_review' })} onCaseChanged={vi.fn()} />,
    );
    const form = await screen.findByRole('form', { name: 'Ask the owner for the in-app review' });
    await userEvent.click(
      within(form).getByRole('button', { name: 'Ask the owner to request the review' }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The owner was asked on 2025-03-10 and has not confirmed yet.',
    );
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { getIdToken } from '../../lib/auth/auth';
import { MailboxScreen } from './mailbox-screen';
import { CASE_ID, ID_TOKEN, json, requestUrl } from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const message = {
  id: 'm1',
  requestId: CASE_ID,
  to: 'ana@example.com',
  subject: 'Your case UB-7K3Q9XQ2 needs information',
  text: 'Which country was the number registered in?',
  html: '<p>Which country…</p>',
  createdAt: '2025-03-05T10:30:00.000Z',
};
const failed = {
  id: '0195f0a0-0000-7000-8000-0000000000f1',
  kind: 'case_update',
  to: 'bo@example.com',
  requestId: CASE_ID,
  reference: 'UB-AAAA2222',
  attempts: 5,
  lastError: 'Connection refused',
  createdAt: '2025-03-05T11:00:00.000Z',
};

let fetchSpy: MockInstance<typeof fetch>;
let failedList: (typeof failed)[];

beforeEach(() => {
  failedList = [failed];
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url === '/api/mailbox') return json(200, { messages: [message] });
    if (url === '/api/mailbox/failed') return json(200, { failed: failedList });
    if (url === `/api/mailbox/failed/${failed.id}/requeue`) {
      failedList = [];
      return json(200, { id: failed.id, status: 'pending' });
    }
    throw new Error(`unexpected ${url}`);
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
});

function renderMailbox() {
  const router = createMemoryRouter([{ path: '/', Component: MailboxScreen }]);
  render(<RouterProvider router={router} />);
}

describe('the mailbox', () => {
  it('lists messages with their text folded away until opened', async () => {
    const user = userEvent.setup();
    renderMailbox();
    const sent = await screen.findByRole('region', { name: 'Recent messages' });
    const text = within(sent).getByText(message.text);
    expect(text).not.toBeVisible();
    await user.click(within(sent).getByText(/Your case UB-7K3Q9XQ2 needs information/));
    expect(text).toBeVisible();
    expect(within(sent).getByText(/to ana@example.com/)).toBeInTheDocument();
  });

  it('lists the e-mails that could not be sent, linked to their case', async () => {
    renderMailbox();
    const section = await screen.findByRole('region', { name: 'Could not be sent' });
    expect(within(section).getByRole('link', { name: 'UB-AAAA2222' }).getAttribute('href')).toBe(
      `/admin/requests/${CASE_ID}`,
    );
    expect(section).toHaveTextContent('5 tries');
    expect(section).toHaveTextContent('Connection refused');
  });

  it('sends a failed e-mail again and takes it off the list', async () => {
    const user = userEvent.setup();
    renderMailbox();
    const section = await screen.findByRole('region', { name: 'Could not be sent' });
    await user.click(within(section).getByRole('button', { name: 'Send again to bo@example.com' }));
    expect(
      await screen.findByText('The e-mail to bo@example.com is queued to be sent again.'),
    ).toBeInTheDocument();
    const call = fetchSpy.mock.calls.find(
      ([input]) => requestUrl(input) === `/api/mailbox/failed/${failed.id}/requeue`,
    );
    expect(call?.[1]?.method).toBe('POST');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Could not be sent' })).not.toBeInTheDocument(),
    );
  });
});

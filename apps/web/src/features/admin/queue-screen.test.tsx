import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getIdToken } from '../../lib/auth/auth';
import { setAuthSnapshot } from '../../lib/auth/auth-state';
import {
  ID_TOKEN,
  addClientConfigBlock,
  json,
  operatorSession,
  queueItem,
  renderAdmin,
  requestUrl,
} from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const SECOND_ID = '0190d3c4-6a7b-7c8d-9e0f-cba987654321';
let fetchSpy: MockInstance<typeof fetch>;

function queueCalls(): URL[] {
  return fetchSpy.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://app.test'))
    .filter((url) => url.pathname === '/api/admin/requests');
}

beforeAll(addClientConfigBlock);

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  setAuthSnapshot({
    status: 'signed-in',
    user: { uid: 'operator-1', email: 'op@example.com', isAnonymous: false, displayName: null },
  });
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(requestUrl(input), 'http://app.test');
    if (url.pathname === '/api/admin/session') return json(200, operatorSession);
    if (url.pathname === '/api/admin/requests') {
      return url.searchParams.get('cursor') === 'page-2'
        ? json(200, {
            items: [
              queueItem({
                id: SECOND_ID,
                reference: 'UB-AAAA2222',
                contactEmail: 'bo@example.com',
                locale: 'es',
              }),
            ],
            nextCursor: null,
          })
        : json(200, { items: [queueItem()], nextCursor: 'page-2' });
    }
    throw new Error(`unexpected ${url.href}`);
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
});

describe('the queue', () => {
  it('lists the requests with a link to each case', async () => {
    renderAdmin('/admin');
    const table = await screen.findByRole('table', { name: /Requests/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const row = rows[1];
    if (!row) throw new Error('no data row');
    expect(within(row).getByRole('link', { name: 'UB-7K3Q9XQ2' }).getAttribute('href')).toBe(
      `/admin/requests/${queueItem().id}`,
    );
    expect(row).toHaveTextContent('Queued');
    expect(row).toHaveTextContent('$49.00');
    expect(row).toHaveTextContent('ana@example.com');
    expect(row).toHaveTextContent('English (en)');
    expect(row).toHaveTextContent('+•• ••• ••• 143');
  });

  it('loads the next page with the cursor and appends it', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'UB-AAAA2222' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'UB-7K3Q9XQ2' })).toBeInTheDocument();
    // The customer's language, so an operator can answer in it.
    const spanishRow = screen.getByRole('link', { name: 'UB-AAAA2222' }).closest('tr');
    expect(spanishRow).toHaveTextContent('Español (es)');
    expect(queueCalls().at(-1)?.searchParams.get('cursor')).toBe('page-2');
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('puts the filters in the URL and asks the server with them', async () => {
    const user = userEvent.setup();
    const router = renderAdmin('/admin');
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'In review' }));
    await user.click(screen.getByRole('checkbox', { name: 'Queued' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'priority');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const search = new URLSearchParams(router.state.location.search);
    expect(search.getAll('caseState')).toEqual(['queued', 'in_review']);
    expect(search.get('plan')).toBe('priority');
    expect(search.get('q')).toBe('ana@');
    await vi.waitFor(() => expect(queueCalls().at(-1)?.searchParams.get('plan')).toBe('priority'));
    const sent = queueCalls().at(-1);
    expect(sent?.searchParams.getAll('caseState')).toEqual(['queued', 'in_review']);
    expect(sent?.searchParams.get('q')).toBe('ana@');
  });

  it('keeps the rows on show, marked as updating, until the new filters answer', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin');
    await screen.findByRole('table', { name: 'Requests (1 shown)' });
    let answer: (response: Response) => void = () => {};
    fetchSpy.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bo@');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const stale = await screen.findByRole('table', { name: 'Requests (1 shown, updating)' });
    expect(stale).toHaveAttribute('aria-busy', 'true');
    // Still a working link: an operator who clicks it opens that case.
    expect(within(stale).getByRole('link', { name: 'UB-7K3Q9XQ2' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the queue…');

    answer(
      json(200, {
        items: [
          queueItem({ id: SECOND_ID, reference: 'UB-AAAA2222', contactEmail: 'bo@example.com' }),
        ],
        nextCursor: null,
      }),
    );
    const fresh = await screen.findByRole('table', { name: 'Requests (1 shown)' });
    expect(fresh).toHaveAttribute('aria-busy', 'false');
    expect(within(fresh).getByRole('link', { name: 'UB-AAAA2222' })).toBeInTheDocument();
    expect(within(fresh).queryByRole('link', { name: 'UB-7K3Q9XQ2' })).not.toBeInTheDocument();
  });

  it('opens a shared link with its filters ticked', async () => {
    renderAdmin('/admin?caseState=needs_info&sort=created_asc');
    expect(await screen.findByRole('checkbox', { name: 'Information needed' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('created_asc');
    // The filters show from the address at once; the queue is asked once the sign-in's token
    // is there (admin-token.ts loads the auth module first), which on a loaded machine came
    // after the first look at the page.
    await screen.findByRole('table', { name: /Requests/ });
    const sent = queueCalls()[0];
    expect(sent?.searchParams.get('caseState')).toBe('needs_info');
    expect(sent?.searchParams.get('sort')).toBe('created_asc');
  });

  it('shows the time left to each reply deadline and asks for overdue cases first', async () => {
    const user = userEvent.setup();
    const soon = new Date(Date.now() + 90 * 60_000 + 30_000).toISOString();
    const late = new Date(Date.now() - 3 * 3_600_000 - 30_000).toISOString();
    fetchSpy.mockImplementation(async (input) => {
      const url = new URL(requestUrl(input), 'http://app.test');
      if (url.pathname === '/api/admin/session') return json(200, operatorSession);
      return json(200, {
        items: [
          queueItem({ replyDueAt: late }),
          queueItem({ id: SECOND_ID, reference: 'UB-AAAA2222', replyDueAt: soon }),
        ],
        nextCursor: null,
      });
    });
    const router = renderAdmin('/admin');
    const table = await screen.findByRole('table', { name: /Requests/ });
    expect(within(table).getByRole('columnheader', { name: 'Reply due' })).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Overdue by 3 h');
    expect(second).toHaveTextContent('1 h 30 min left');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Reply deadline' }), 'breached');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort' }),
      'Reply deadline, overdue first',
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('deadline')).toBe('breached');
    expect(search.get('sort')).toBe('due_asc');
    await vi.waitFor(() => expect(queueCalls().at(-1)?.searchParams.get('sort')).toBe('due_asc'));
    expect(queueCalls().at(-1)?.searchParams.get('deadline')).toBe('breached');
  });
});

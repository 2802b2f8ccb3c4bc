import { screen, within } from '@testing-library/react';
import type { MockInstance } from 'vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getIdToken } from '../../lib/auth/auth';
import { setAuthSnapshot } from '../../lib/auth/auth-state';
import {
  ID_TOKEN,
  addClientConfigBlock,
  apiError,
  json,
  operatorSession,
  renderAdmin,
  requestUrl,
} from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

let fetchSpy: MockInstance<typeof fetch>;
let sessionAnswer: () => Response;

beforeAll(addClientConfigBlock);

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  setAuthSnapshot({
    status: 'signed-in',
    user: { uid: 'operator-1', email: 'op@example.com', isAnonymous: false, displayName: null },
  });
  sessionAnswer = () => json(200, operatorSession);
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url === '/api/admin/session') return sessionAnswer();
    if (url.startsWith('/api/admin/requests')) return json(200, { items: [], nextCursor: null });
    throw new Error(`unexpected ${url}`);
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
});

describe('back office access', () => {
  it('asks a signed-out visitor to sign in and come back', async () => {
    setAuthSnapshot({ status: 'signed-out', user: null });
    renderAdmin('/admin');
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/sign-in?next=%2Fadmin');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('turns away a customer the server refuses', async () => {
    sessionAnswer = () => apiError(403, 'FORBIDDEN', 'Your account does not have access to this.');
    renderAdmin('/admin');
    expect(
      await screen.findByRole('heading', { name: 'This area is for operators' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
  });

  it('treats an expired sign-in (401) as signed out', async () => {
    sessionAnswer = () => apiError(401, 'UNAUTHENTICATED', 'Sign in first.');
    renderAdmin('/admin');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the navigation and the queue to an operator, sending the ID token', async () => {
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(nav).toHaveTextContent('op@example.com · operator');
    expect(await screen.findByRole('heading', { name: 'Queue' })).toBeInTheDocument();
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${ID_TOKEN}`);
  });

  it('links the operators screen for admins only', async () => {
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Mailbox' }).getAttribute('href')).toBe(
      '/admin/mailbox',
    );
    expect(within(nav).queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
  });

  it('shows the operators link to an admin', async () => {
    sessionAnswer = () => json(200, { ...operatorSession, role: 'admin' });
    renderAdmin('/admin/operators');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Operators' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeInTheDocument();
  });

  it('says so for an unknown back office address', async () => {
    renderAdmin('/admin/nowhere');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});

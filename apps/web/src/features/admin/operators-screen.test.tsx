import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { getIdToken } from '../../lib/auth/auth';
import type { AdminSession } from './api/get-session';
import { OperatorsScreen } from './operators-screen';
import { ID_TOKEN, apiError, json, requestUrl } from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

let fetchSpy: MockInstance<typeof fetch>;
let answer: () => Response;

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  answer = () =>
    json(200, {
      uid: 'u2',
      email: 'new@example.com',
      previousRole: 'customer',
      role: 'operator',
      changed: true,
    });
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
});

afterEach(() => {
  fetchSpy.mockRestore();
});

/** The screen below a layout that hands it the session, as AdminLayout does. */
function renderOperators(session: AdminSession) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <Outlet context={session} />,
      children: [{ index: true, Component: OperatorsScreen }],
    },
  ]);
  render(<RouterProvider router={router} />);
}

const admin: AdminSession = { uid: 'a1', email: 'boss@example.com', role: 'admin' };

describe('the operators screen', () => {
  it('is closed to operators who are not admins', async () => {
    renderOperators({ ...admin, role: 'operator' });
    expect(await screen.findByText(/Only admins can change/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('grants a role by e-mail and says what changed', async () => {
    const user = userEvent.setup();
    renderOperators(admin);
    await user.type(
      await screen.findByRole('textbox', { name: 'E-mail of the account' }),
      'New@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Grant access' }));
    expect(
      await screen.findByText('new@example.com is now operator (was customer).'),
    ).toBeVisible();
    const [input, init] = fetchSpy.mock.calls[0] ?? [];
    expect(input && requestUrl(input)).toBe('/api/admin/operators');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'New@example.com', role: 'operator' });
  });

  it('revokes access with DELETE and shows a refusal', async () => {
    const user = userEvent.setup();
    answer = () => apiError(404, 'NOT_FOUND', 'No account uses this e-mail address.');
    renderOperators(admin);
    await user.type(
      await screen.findByRole('textbox', { name: 'E-mail of the account' }),
      'x@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No account uses this e-mail address.',
    );
    const [input, init] = fetchSpy.mock.calls[0] ?? [];
    expect(input && requestUrl(input)).toBe('/api/admin/operators/x%40example.com');
    expect(init?.method).toBe('DELETE');
  });
});

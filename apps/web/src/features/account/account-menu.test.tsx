import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { setAuthSnapshot } from '../../lib/auth/auth-state';
import { LocaleIntl } from '../../test/locale-intl';
import { AccountMenu } from './account-menu';

// The facade is the edge to the hosted provider (it is imported only when signing out).
const auth = vi.hoisted(() => ({ signOut: vi.fn(async () => {}) }));
vi.mock('../../lib/auth/auth', () => auth);

function renderMenu() {
  const router = createMemoryRouter(
    [
      {
        path: paths.home.path,
        Component: () => (
          <>
            <AccountMenu />
            <h1>Home</h1>
          </>
        ),
      },
      {
        path: paths.requests.path,
        Component: () => (
          <>
            <AccountMenu />
            <h1>My requests</h1>
          </>
        ),
      },
      { path: paths.signIn.path, Component: () => <h1>Sign in page</h1> },
    ],
    { initialEntries: [paths.requests.to()] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.clearAllMocks();
  setAuthSnapshot({ status: 'signed-out', user: null });
});

describe('AccountMenu', () => {
  it('signed out: a "Sign in" link', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it('signed in: a disclosure with the e-mail, My requests and Sign out', async () => {
    const user = userEvent.setup();
    setAuthSnapshot({
      status: 'signed-in',
      user: { uid: 'u1', email: 'jane@example.com', isAnonymous: false, displayName: null },
    });
    const router = renderMenu();

    const button = screen.getByRole('button', { name: 'Account: jane@example.com' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'My requests' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'My requests' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home.path);
  });

  it('a guest is "Guest", is offered to sign in to keep requests, and warned about signing out', async () => {
    const user = userEvent.setup();
    setAuthSnapshot({
      status: 'signed-in',
      user: { uid: 'g1', email: null, isAnonymous: true, displayName: null },
    });
    renderMenu();

    await user.click(screen.getByRole('button', { name: 'Account: Guest' }));
    expect(screen.getByRole('link', { name: 'Sign in to keep your requests' })).toBeInTheDocument();
    expect(screen.getByText(/removes your requests from this browser/)).toBeInTheDocument();
  });

  it('follows the shared auth state as it changes', () => {
    renderMenu();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    act(() =>
      setAuthSnapshot({
        status: 'signed-in',
        user: { uid: 'u1', email: 'jane@example.com', isAnonymous: false, displayName: null },
      }),
    );
    expect(screen.getByRole('button', { name: 'Account: jane@example.com' })).toBeInTheDocument();
  });
});

describe('AccountMenu in Arabic', () => {
  it('names the account button and its links in Arabic', async () => {
    const user = userEvent.setup();
    setAuthSnapshot({
      status: 'signed-in',
      user: { uid: 'g1', email: null, isAnonymous: true, displayName: null },
    });
    const router = createMemoryRouter([{ path: '/', Component: AccountMenu }]);
    render(
      <LocaleIntl locale="ar">
        <RouterProvider router={router} />
      </LocaleIntl>,
    );

    await user.click(screen.getByRole('button', { name: 'الحساب: زائر' }));
    expect(screen.getByRole('link', { name: 'طلباتي' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'سجّل الدخول للاحتفاظ بطلباتك' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();
    expect(screen.getByText(/تسجيل الخروج من جلسة الزائر يحذف طلباتك/)).toBeVisible();
  });
});

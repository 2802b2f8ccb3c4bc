import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import type { SignInResult } from '../../lib/auth/auth-result';
import type { SecondFactorChallenge } from '../../lib/auth/auth-second-factor';
import { setAuthSnapshot } from '../../lib/auth/auth-state';
import { LocaleIntl } from '../../test/locale-intl';
import { SignInScreen } from './sign-in-screen';

// The auth facade is the edge to the hosted provider: its methods reject with the provider's
// FirebaseError-like { code } here, as Firebase does. Everything on this side of it is real.
const auth = vi.hoisted(() => ({
  isSignInAvailable: vi.fn(() => true),
  startAuth: vi.fn(async () => {}),
  isEmailSignInLink: vi.fn(async () => false),
  completeEmailLinkSignIn: vi.fn(),
  completeRedirectSignIn: vi.fn(async (): Promise<SignInResult | null> => null),
  signInWithGoogle: vi.fn(),
  signInWithGoogleRedirect: vi.fn(async () => {}),
  signInWithEmailPassword: vi.fn(),
  signUpWithEmailPassword: vi.fn(),
  sendEmailLink: vi.fn(async () => {}),
  signOut: vi.fn(async () => {}),
}));
vi.mock('../../lib/auth/auth', () => auth);
const secondFactor = vi.hoisted(() => ({ startSecondFactor: vi.fn() }));
vi.mock('../../lib/auth/auth-second-factor', () => secondFactor);

const providerError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code, name: 'FirebaseError' });

const jane: SignInResult = {
  user: { uid: 'uid-jane', email: 'jane@example.com', isAnonymous: false, displayName: null },
  notice: null,
};

function renderAt(location: string) {
  const router = createMemoryRouter(
    [
      { path: paths.signIn.path, Component: SignInScreen },
      { path: paths.requests.path, Component: () => <h1>My requests</h1> },
      { path: paths.requestDetail.path, Component: () => <h1>Request page</h1> },
    ],
    { initialEntries: [location] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const alertRegion = () => screen.getByRole('alert');
const statusRegion = () => screen.getByRole('status');

async function clickGoogle() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
}

beforeEach(() => {
  vi.clearAllMocks();
  auth.isSignInAvailable.mockReturnValue(true);
  auth.isEmailSignInLink.mockResolvedValue(false);
  auth.completeRedirectSignIn.mockResolvedValue(null);
  localStorage.clear();
  setAuthSnapshot({ status: 'signed-out', user: null });
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('SignInScreen: provider errors from SPEC section 8', () => {
  it.each([
    ['auth/unauthorized-domain', /Sign-in is not allowed from this web address/],
    ['auth/network-request-failed', /Check your internet connection/],
    ['auth/web-storage-unsupported', /Allow cookies and site data for this site/],
  ])('%s shows its specific message in the alert region', async (code, message) => {
    auth.signInWithGoogle.mockRejectedValue(providerError(code));
    renderAt(paths.signIn.to());
    await clickGoogle();

    await waitFor(() => expect(alertRegion()).toHaveTextContent(message));
    expect(alertRegion()).not.toHaveTextContent('auth/');
    expect(auth.signInWithGoogleRedirect).not.toHaveBeenCalled();
  });

  it.each(['auth/popup-closed-by-user', 'auth/cancelled-popup-request'])(
    '%s shows nothing: the visitor cancelled',
    async (code) => {
      auth.signInWithGoogle.mockRejectedValue(providerError(code));
      renderAt(paths.signIn.to());
      await clickGoogle();

      await waitFor(() => expect(auth.signInWithGoogle).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(alertRegion()).toBeEmptyDOMElement();
      expect(statusRegion()).toBeEmptyDOMElement();
      expect(auth.signInWithGoogleRedirect).not.toHaveBeenCalled();
    },
  );

  it('auth/popup-blocked falls back to the redirect and says so', async () => {
    auth.signInWithGoogle.mockRejectedValue(providerError('auth/popup-blocked'));
    renderAt(paths.signIn.to());
    await clickGoogle();

    await waitFor(() => expect(auth.signInWithGoogleRedirect).toHaveBeenCalledTimes(1));
    expect(statusRegion()).toHaveTextContent(/taking you to Google in this tab/);
    expect(alertRegion()).toBeEmptyDOMElement();
  });

  it('auth/multi-factor-auth-required asks for the SMS code and finishes sign-in', async () => {
    const user = userEvent.setup();
    const error = providerError('auth/multi-factor-auth-required');
    const challenge: SecondFactorChallenge = {
      hints: [{ id: 'phone-1', label: '+*******4321' }],
      sendCode: vi.fn(async () => {}),
      verifyCode: vi.fn(async () => jane),
    };
    auth.signInWithEmailPassword.mockRejectedValue(error);
    secondFactor.startSecondFactor.mockResolvedValue(challenge);
    const router = renderAt(paths.signIn.to());

    const form = within(screen.getByRole('region', { name: 'E-mail and password' }));
    await user.type(form.getByLabelText('E-mail'), 'operator@example.com');
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    const heading = await screen.findByRole('heading', { name: 'Two-step verification' });
    expect(heading).toHaveFocus();
    expect(secondFactor.startSecondFactor).toHaveBeenCalledWith(error);
    expect(statusRegion()).toHaveTextContent(/uses two-step verification/);
    expect(screen.getByText(/\+\*{7}4321/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(challenge.sendCode).toHaveBeenCalledWith('phone-1', expect.any(HTMLElement));
    const codeField = await screen.findByLabelText('Code from the text message');
    expect(codeField).toHaveFocus();
    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(challenge.verifyCode).toHaveBeenCalledWith('123456');
    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.requests.path);
  });

  it('a wrong SMS code keeps the prompt and says what is wrong', async () => {
    const user = userEvent.setup();
    const challenge: SecondFactorChallenge = {
      hints: [{ id: 'phone-1', label: '+*******4321' }],
      sendCode: vi.fn(async () => {}),
      verifyCode: vi.fn(async () =>
        Promise.reject(providerError('auth/invalid-verification-code')),
      ),
    };
    auth.signInWithGoogle.mockRejectedValue(providerError('auth/multi-factor-auth-required'));
    secondFactor.startSecondFactor.mockResolvedValue(challenge);
    renderAt(paths.signIn.to());
    await clickGoogle();

    await user.click(await screen.findByRole('button', { name: 'Text me a code' }));
    await user.type(await screen.findByLabelText('Code from the text message'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(alertRegion()).toHaveTextContent(/That code is not right/));
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
  });
});

describe('SignInScreen: common provider errors', () => {
  it.each([
    ['auth/invalid-credential', 'Sign in', /e-mail and password do not match an account/],
    ['auth/too-many-requests', 'Sign in', /wait a few minutes/],
    ['auth/user-disabled', 'Sign in', /This account has been disabled/],
    ['auth/email-already-in-use', 'Create account', /An account with this e-mail already exists/],
    ['auth/weak-password', 'Create account', /too easy to guess/],
    ['auth/some-future-code', 'Sign in', /Sign-in did not work/],
  ])('%s after "%s" is explained', async (code, button, message) => {
    const user = userEvent.setup();
    const action =
      button === 'Sign in' ? auth.signInWithEmailPassword : auth.signUpWithEmailPassword;
    action.mockRejectedValue(providerError(code));
    renderAt(paths.signIn.to());

    const form = within(screen.getByRole('region', { name: 'E-mail and password' }));
    await user.type(form.getByLabelText('E-mail'), 'jane@example.com');
    await user.type(form.getByLabelText('Password'), 'secret1');
    await user.click(form.getByRole('button', { name: button }));

    expect(action).toHaveBeenCalledWith('jane@example.com', 'secret1');
    await waitFor(() => expect(alertRegion()).toHaveTextContent(message));
    expect(alertRegion()).not.toHaveTextContent('auth/');
  });
});

describe('SignInScreen: flows', () => {
  it('e-mail link: sends the link with the safe next path and says to check the inbox', async () => {
    const user = userEvent.setup();
    renderAt(`${paths.signIn.to()}?next=${encodeURIComponent('/requests/abc')}`);

    const section = within(screen.getByRole('region', { name: 'Get a sign-in link by e-mail' }));
    await user.type(section.getByLabelText('E-mail'), ' jane@example.com ');
    await user.click(section.getByRole('button', { name: 'Send me a sign-in link' }));

    expect(auth.sendEmailLink).toHaveBeenCalledWith('jane@example.com', '/requests/abc');
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
  });

  it('opened from the e-mail link: completes sign-in and removes the code from the address', async () => {
    localStorage.setItem('unban:email-for-sign-in', 'jane@example.com');
    window.history.replaceState(null, '', '/?apiKey=k&oobCode=one-time&mode=signIn&lang=en');
    auth.isEmailSignInLink.mockResolvedValue(true);
    auth.completeEmailLinkSignIn.mockResolvedValue(jane);
    renderAt(paths.signIn.to());

    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(auth.completeEmailLinkSignIn).toHaveBeenCalledWith(
      'http://localhost:3000/?apiKey=k&oobCode=one-time&mode=signIn&lang=en',
      'jane@example.com',
    );
    expect(window.location.href).not.toContain('oobCode');
  });

  it('opened from the link in another browser: asks for the e-mail first', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/?apiKey=k&oobCode=one-time&mode=signIn');
    auth.isEmailSignInLink.mockResolvedValue(true);
    auth.completeEmailLinkSignIn.mockRejectedValue(providerError('auth/invalid-action-code'));
    renderAt(paths.signIn.to());

    await user.type(await screen.findByLabelText('E-mail'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Finish signing in' }));

    expect(auth.completeEmailLinkSignIn).toHaveBeenCalledWith(
      expect.stringContaining('oobCode=one-time'),
      'jane@example.com',
    );
    await waitFor(() =>
      expect(alertRegion()).toHaveTextContent(/expired or has already been used/),
    );
  });

  it('after success goes to a safe next path', async () => {
    const user = userEvent.setup();
    auth.signInWithGoogle.mockResolvedValue(jane);
    const router = renderAt(`${paths.signIn.to()}?next=${encodeURIComponent('#/requests/r-1')}`);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('heading', { name: 'Request page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/requests/r-1');
  });

  it('ignores a next path that leaves the site', async () => {
    const user = userEvent.setup();
    auth.signInWithGoogle.mockResolvedValue(jane);
    const router = renderAt(`${paths.signIn.to()}?next=${encodeURIComponent('//evil.example')}`);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.requests.path);
  });

  it('returning from the Google redirect finishes sign-in', async () => {
    auth.completeRedirectSignIn.mockResolvedValue(jane);
    renderAt(paths.signIn.to());
    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
  });

  it('explains honestly when a guest is signed in to an existing account instead', async () => {
    const user = userEvent.setup();
    auth.signInWithGoogle.mockResolvedValue({ ...jane, notice: 'guest-requests-not-moved' });
    renderAt(paths.signIn.to());
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    const notice = await screen.findByRole('region', { name: 'About your guest requests' });
    expect(notice).toHaveTextContent(/could not be moved into it automatically/);
    expect(within(notice).getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      paths.requests.to(),
    );
  });

  it('already signed in: says as whom and signs out', async () => {
    const user = userEvent.setup();
    setAuthSnapshot({ status: 'signed-in', user: jane.user });
    renderAt(paths.signIn.to());

    expect(screen.getByText(/You are signed in as/)).toHaveTextContent(
      'You are signed in as jane@example.com.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('a guest still sees the sign-in methods, with a word about keeping requests', () => {
    setAuthSnapshot({
      status: 'signed-in',
      user: { uid: 'guest-1', email: null, isAnonymous: true, displayName: null },
    });
    renderAt(paths.signIn.to());
    expect(screen.getByText(/You are using a guest session/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('without Firebase configured says sign-in is unavailable and offers no forms', () => {
    auth.isSignInAvailable.mockReturnValue(false);
    renderAt(paths.signIn.to());
    expect(screen.getByText(/Sign-in is unavailable on this site right now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(auth.startAuth).not.toHaveBeenCalled();
  });
});

describe("SignInScreen: in the customer's language", () => {
  function renderInSpanish() {
    const router = createMemoryRouter([{ path: paths.signIn.path, Component: SignInScreen }], {
      initialEntries: [paths.signIn.to()],
    });
    render(
      <LocaleIntl locale="es">
        <RouterProvider router={router} />
      </LocaleIntl>,
    );
  }

  it('Spanish: the methods are in Spanish and a provider error is explained in Spanish', async () => {
    const user = userEvent.setup();
    auth.signInWithEmailPassword.mockRejectedValue(providerError('auth/user-disabled'));
    renderInSpanish();

    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'Recibe un enlace de acceso por correo' }),
    ).toBeVisible();
    const form = within(screen.getByRole('region', { name: 'Correo y contraseña' }));
    await user.type(form.getByLabelText('Correo electrónico'), 'jane@example.com');
    await user.type(form.getByLabelText('Contraseña'), 'secret1');
    await user.click(form.getByRole('button', { name: 'Iniciar sesión' }));

    await waitFor(() =>
      expect(alertRegion()).toHaveTextContent(
        /^Esta cuenta está desactivada\. Escríbenos a \S+@\S+ si crees que es un error\.$/,
      ),
    );
    expect(alertRegion()).not.toHaveTextContent('auth/');
  });
});

import { defaultSiteIdentity } from '@unban/contract/site-config';
import {
  SIGN_IN_UNAVAILABLE,
  UNSUPPORTED_SECOND_FACTOR,
  authErrorCode,
} from '../../lib/auth/auth-error-code';

/**
 * What the sign-in screen does with each provider error (SPEC section 8 plus the common
 * ones): the words a person reads, never the raw code, and how the screen reacts.
 *
 * - show: put the message in the alert region
 * - silent: the visitor cancelled (closed the popup); showing an error would scold them
 * - fallback-redirect: the popup was blocked; continue with a full-page redirect
 * - second-factor: ask for the SMS code
 * - offline: a connection problem; the message says to check the connection
 */
export type AuthErrorBehaviour =
  'show' | 'silent' | 'fallback-redirect' | 'second-factor' | 'offline';

export interface AuthErrorView {
  message: string;
  behaviour: AuthErrorBehaviour;
}

// The support address is the site identity's, filled in when an error is described.
const support = '{support}';

const WRONG_CREDENTIALS: AuthErrorView = {
  message:
    'That e-mail and password do not match an account. Check both and try again, or sign in with an e-mail link instead.',
  behaviour: 'show',
};

const LINK_EXPIRED: AuthErrorView = {
  message:
    'This sign-in link has expired or has already been used. Enter your e-mail below to get a new link.',
  behaviour: 'show',
};

const WRONG_CODE: AuthErrorView = {
  message: 'That code is not right. Check the text message and type the 6 digits again.',
  behaviour: 'show',
};

const VIEWS: Readonly<Record<string, AuthErrorView>> = {
  // SPEC section 8
  'auth/popup-blocked': {
    message:
      'Your browser blocked the Google sign-in window, so we are taking you to Google in this tab instead.',
    behaviour: 'fallback-redirect',
  },
  'auth/popup-closed-by-user': {
    message: 'The Google sign-in window was closed before sign-in finished.',
    behaviour: 'silent',
  },
  'auth/cancelled-popup-request': {
    message: 'Another sign-in window was opened, so this one was cancelled.',
    behaviour: 'silent',
  },
  'auth/unauthorized-domain': {
    message: `Sign-in is not allowed from this web address. Open the site from its official address and try again, or write to ${support}.`,
    behaviour: 'show',
  },
  'auth/network-request-failed': {
    message:
      'We could not reach the sign-in service. Check your internet connection, then try again.',
    behaviour: 'offline',
  },
  'auth/multi-factor-auth-required': {
    message:
      'Your account uses two-step verification. We will text a code to your phone to finish signing in.',
    behaviour: 'second-factor',
  },
  'auth/web-storage-unsupported': {
    message:
      'Your browser is blocking the site data that sign-in needs. Allow cookies and site data for this site (or leave private browsing), then try again.',
    behaviour: 'show',
  },
  // Common ones
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/missing-password': { message: 'Enter your password.', behaviour: 'show' },
  'auth/user-not-found': {
    message: 'There is no account with this e-mail. Check the address, or create an account below.',
    behaviour: 'show',
  },
  'auth/too-many-requests': {
    message:
      'Too many attempts in a short time. For your security, wait a few minutes before trying again.',
    behaviour: 'show',
  },
  'auth/invalid-email': {
    message: 'That e-mail address does not look right. Check it and try again.',
    behaviour: 'show',
  },
  'auth/missing-email': { message: 'Enter your e-mail address.', behaviour: 'show' },
  'auth/email-already-in-use': {
    message:
      'An account with this e-mail already exists. Sign in to it with its password or an e-mail link.',
    behaviour: 'show',
  },
  'auth/credential-already-in-use': {
    message:
      'This Google account already belongs to another account here. Sign in with Google to use that account.',
    behaviour: 'show',
  },
  'auth/account-exists-with-different-credential': {
    message:
      'You already have an account with this e-mail that uses another sign-in method. Sign in with an e-mail link or your password instead.',
    behaviour: 'show',
  },
  'auth/weak-password': {
    message: 'That password is too easy to guess. Use at least 6 characters, ideally more.',
    behaviour: 'show',
  },
  'auth/password-does-not-meet-requirements': {
    message:
      'That password does not meet the requirements. Use a longer password with letters, numbers and symbols.',
    behaviour: 'show',
  },
  'auth/invalid-action-code': LINK_EXPIRED,
  'auth/expired-action-code': LINK_EXPIRED,
  'auth/user-disabled': {
    message: `This account has been disabled. Write to ${support} if you think this is a mistake.`,
    behaviour: 'show',
  },
  'auth/operation-not-allowed': {
    message: 'This way of signing in is switched off at the moment. Please choose another one.',
    behaviour: 'show',
  },
  'auth/invalid-verification-code': WRONG_CODE,
  'auth/missing-verification-code': {
    message: 'Enter the code from the text message.',
    behaviour: 'show',
  },
  'auth/code-expired': {
    message: 'That code has expired. Send a new code and enter it.',
    behaviour: 'show',
  },
  'auth/missing-verification-id': {
    message: 'Send the code to your phone first, then enter it.',
    behaviour: 'show',
  },
  'auth/quota-exceeded': {
    message: 'We cannot send more text messages right now. Please try again later.',
    behaviour: 'show',
  },
  [UNSUPPORTED_SECOND_FACTOR]: {
    message: `Your account's second factor is not a phone, and this site only supports text-message codes. Write to ${support} for help.`,
    behaviour: 'show',
  },
  [SIGN_IN_UNAVAILABLE]: {
    message: 'Sign-in is not available on this site right now. Everything else still works.',
    behaviour: 'show',
  },
};

const GENERIC: AuthErrorView = {
  message: `Sign-in did not work. Please try again in a moment; if it keeps failing, write to ${support}.`,
  behaviour: 'show',
};

/** The view of `error`, naming the site's `supportEmail` where the message sends people. */
export function describeAuthError(
  error: unknown,
  supportEmail: string = defaultSiteIdentity.supportEmail,
): AuthErrorView {
  const view = viewOf(error);
  return { ...view, message: view.message.replaceAll(support, supportEmail) };
}

function viewOf(error: unknown): AuthErrorView {
  const code = authErrorCode(error);
  const known = code ? VIEWS[code] : undefined;
  if (known) return known;
  // Offline, Firebase often reports only 'auth/internal-error' (its helper script did not
  // load) or the SDK chunk fails to download with no code at all: say what is really wrong.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return VIEWS['auth/network-request-failed'] ?? GENERIC;
  }
  return GENERIC;
}

import type { IntlShape } from 'react-intl';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import {
  SIGN_IN_UNAVAILABLE,
  UNSUPPORTED_SECOND_FACTOR,
  authErrorCode,
} from '../../lib/auth/auth-error-code';
import type { MessageId } from '../../lib/i18n/catalog';

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

type AuthErrorRule = Readonly<{ id: MessageId; behaviour: AuthErrorBehaviour }>;

const WRONG_CREDENTIALS: AuthErrorRule = { id: 'signIn.error.wrongCredentials', behaviour: 'show' };
const LINK_EXPIRED: AuthErrorRule = { id: 'signIn.error.linkExpired', behaviour: 'show' };
const WRONG_CODE: AuthErrorRule = { id: 'signIn.error.wrongCode', behaviour: 'show' };

// The words are the catalog's (signIn.error.*); a message that sends people to support names
// the site's address as its {email} argument.
const RULES: Readonly<Record<string, AuthErrorRule>> = {
  // SPEC section 8
  'auth/popup-blocked': { id: 'signIn.error.popupBlocked', behaviour: 'fallback-redirect' },
  'auth/popup-closed-by-user': { id: 'signIn.error.popupClosed', behaviour: 'silent' },
  'auth/cancelled-popup-request': { id: 'signIn.error.popupCancelled', behaviour: 'silent' },
  'auth/unauthorized-domain': { id: 'signIn.error.unauthorizedDomain', behaviour: 'show' },
  'auth/network-request-failed': { id: 'signIn.error.networkFailed', behaviour: 'offline' },
  'auth/multi-factor-auth-required': {
    id: 'signIn.error.secondFactorRequired',
    behaviour: 'second-factor',
  },
  'auth/web-storage-unsupported': { id: 'signIn.error.webStorage', behaviour: 'show' },
  // Common ones
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/missing-password': { id: 'signIn.error.missingPassword', behaviour: 'show' },
  'auth/user-not-found': { id: 'signIn.error.userNotFound', behaviour: 'show' },
  'auth/too-many-requests': { id: 'signIn.error.tooManyRequests', behaviour: 'show' },
  'auth/invalid-email': { id: 'signIn.error.invalidEmail', behaviour: 'show' },
  'auth/missing-email': { id: 'signIn.error.missingEmail', behaviour: 'show' },
  'auth/email-already-in-use': { id: 'signIn.error.emailInUse', behaviour: 'show' },
  'auth/credential-already-in-use': { id: 'signIn.error.googleInUse', behaviour: 'show' },
  'auth/account-exists-with-different-credential': {
    id: 'signIn.error.otherMethod',
    behaviour: 'show',
  },
  'auth/weak-password': { id: 'signIn.error.weakPassword', behaviour: 'show' },
  'auth/password-does-not-meet-requirements': {
    id: 'signIn.error.passwordRequirements',
    behaviour: 'show',
  },
  'auth/invalid-action-code': LINK_EXPIRED,
  'auth/expired-action-code': LINK_EXPIRED,
  'auth/user-disabled': { id: 'signIn.error.userDisabled', behaviour: 'show' },
  'auth/operation-not-allowed': { id: 'signIn.error.methodOff', behaviour: 'show' },
  'auth/invalid-verification-code': WRONG_CODE,
  'auth/missing-verification-code': { id: 'signIn.error.missingCode', behaviour: 'show' },
  'auth/code-expired': { id: 'signIn.error.codeExpired', behaviour: 'show' },
  'auth/missing-verification-id': { id: 'signIn.error.codeNotSent', behaviour: 'show' },
  'auth/quota-exceeded': { id: 'signIn.error.smsQuota', behaviour: 'show' },
  [UNSUPPORTED_SECOND_FACTOR]: { id: 'signIn.error.unsupportedSecondFactor', behaviour: 'show' },
  [SIGN_IN_UNAVAILABLE]: { id: 'signIn.error.unavailable', behaviour: 'show' },
};

const GENERIC: AuthErrorRule = { id: 'signIn.error.generic', behaviour: 'show' };

/**
 * The view of `error` in the page's language (`intl`), naming the site's `supportEmail` where
 * the message sends people.
 */
export function describeAuthError(
  intl: IntlShape,
  error: unknown,
  supportEmail: string = defaultSiteIdentity.supportEmail,
): AuthErrorView {
  const rule = ruleOf(error);
  return {
    behaviour: rule.behaviour,
    message: intl.formatMessage({ id: rule.id }, { email: supportEmail }),
  };
}

function ruleOf(error: unknown): AuthErrorRule {
  const code = authErrorCode(error);
  const known = code ? RULES[code] : undefined;
  if (known) return known;
  // Offline, Firebase often reports only 'auth/internal-error' (its helper script did not
  // load) or the SDK chunk fails to download with no code at all: say what is really wrong.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return RULES['auth/network-request-failed'] ?? GENERIC;
  }
  return GENERIC;
}

/**
 * Sign-in failures carry a provider code such as 'auth/popup-blocked' (Firebase's
 * FirebaseError) or one of ours below. Screens branch on the code, never on message text.
 */

/** Firebase is not configured for this deployment. */
export const SIGN_IN_UNAVAILABLE = 'auth/sign-in-unavailable';
/** The account's second factor is not a phone (e.g. an authenticator app); not offered here. */
export const UNSUPPORTED_SECOND_FACTOR = 'auth/unsupported-second-factor';

export class SignInError extends Error {
  override readonly name = 'SignInError';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** The provider code of a sign-in failure, or null for anything that carries none. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

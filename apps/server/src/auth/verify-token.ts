import { FirebaseAuthError } from 'firebase-admin/auth';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { AppError } from '../errors';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The ID token from an Authorization header. No header means an anonymous visitor; a header
 * that is there but unusable is refused, so a broken client notices instead of silently
 * losing its identity.
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = BEARER.exec(header);
  if (!match?.[1]) {
    throw new AppError(
      'UNAUTHENTICATED',
      'Send your sign-in token as "Authorization: Bearer <token>".',
    );
  }
  return match[1];
}

// Codes that mean "this token does not prove who you are"; anything else (no project id,
// Google's keys unreachable) is our fault and must not look like the caller's.
const tokenProblems: Record<string, string> = {
  'auth/id-token-expired': 'Your session has expired. Please sign in again.',
  'auth/id-token-revoked': 'Your session has ended. Please sign in again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/user-not-found': 'This account no longer exists. Please sign in again.',
  'auth/argument-error': 'Your sign-in token is not valid. Please sign in again.',
  'auth/invalid-id-token': 'Your sign-in token is not valid. Please sign in again.',
};

/**
 * Verifies a Firebase ID token. `checkRevoked` also asks Firebase whether the user was
 * disabled or signed out everywhere since the token was issued (one more round trip).
 *
 * @throws AppError UNAUTHENTICATED when the token is malformed, tampered with, expired,
 *   revoked or belongs to a disabled or deleted user.
 */
export async function verifyIdToken(
  auth: Auth,
  token: string,
  checkRevoked: boolean,
): Promise<DecodedIdToken> {
  try {
    return await auth.verifyIdToken(token, checkRevoked);
  } catch (error) {
    const message = error instanceof FirebaseAuthError ? tokenProblems[error.code] : undefined;
    if (message === undefined) throw error;
    throw new AppError('UNAUTHENTICATED', message, { cause: error });
  }
}

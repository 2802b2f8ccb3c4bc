import type { User, UserCredential } from 'firebase/auth';
import { trackLogin, trackSignUp } from '../analytics/analytics';
import type { SignInMethod } from '../analytics/analytics-params';
import type { AuthSnapshot, AuthUser } from './auth-state';
import { setAuthSnapshot } from './auth-state';

/**
 * What every successful sign-in does afterwards: tell analytics (login or sign_up with the
 * method), update the shared auth state at once, and say whether a guest's requests were
 * left behind.
 */

/**
 * 'guest-requests-not-moved': the visitor was a guest (anonymous) and is now in another,
 * existing account. Firebase cannot merge two accounts in the browser, so the guest's
 * requests stay with the guest uid; the screen says so and how to get them moved.
 */
export type SignInNotice = 'guest-requests-not-moved';

export interface SignInResult {
  user: AuthUser;
  notice: SignInNotice | null;
}

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    // Right after linking, the top-level e-mail can lag behind the provider's record.
    email: user.email ?? user.providerData.find((info) => info.email)?.email ?? null,
    isAnonymous: user.isAnonymous,
    displayName: user.displayName,
  };
}

export function snapshotOf(user: User | null): AuthSnapshot {
  return user
    ? { status: 'signed-in', user: toAuthUser(user) }
    : { status: 'signed-out', user: null };
}

/**
 * @param previous the user signed in before this sign-in started (to detect a guest left
 *   behind); null when nobody was.
 */
export async function finishSignIn(
  credential: UserCredential,
  method: SignInMethod,
  previous: Pick<User, 'uid' | 'isAnonymous'> | null,
): Promise<SignInResult> {
  const { getAdditionalUserInfo } = await import('firebase/auth');
  // A guest who links a credential keeps the uid and gets a permanent account: a sign-up.
  const isSignUp =
    credential.operationType === 'link' || getAdditionalUserInfo(credential)?.isNewUser === true;
  if (isSignUp) trackSignUp(method);
  else trackLogin(method);
  setAuthSnapshot(snapshotOf(credential.user));
  const guestLeftBehind = previous?.isAnonymous === true && previous.uid !== credential.user.uid;
  return {
    user: toAuthUser(credential.user),
    notice: guestLeftBehind ? 'guest-requests-not-moved' : null,
  };
}

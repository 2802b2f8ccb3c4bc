import type { Auth, User, UserCredential } from 'firebase/auth';
import type { SignInMethod } from '../analytics/analytics-params';
import { trackSignUp } from '../analytics/analytics';
import {
  emailLinkContinueUrl,
  forgetEmailForSignIn,
  rememberEmailForSignIn,
} from './auth-email-link';
import { SIGN_IN_UNAVAILABLE, SignInError, authErrorCode } from './auth-error-code';
import type { SignInResult } from './auth-result';
import { finishSignIn, snapshotOf, toAuthUser } from './auth-result';
import type { AuthUser } from './auth-state';
import { hasPendingRedirect, mightHaveSession, setAuthSnapshot } from './auth-state';
import { rememberFirstFactor } from './auth-second-factor';
import { getFirebaseAuth, isFirebaseConfigured } from './firebase';
import { withLoading } from '../loading/loading-store';

/**
 * The auth facade: the only module screens call to sign in, out or get a token. It holds no
 * static import of the Firebase SDK (only types), so importing it costs a few kilobytes; the
 * SDK downloads on the first call that needs it.
 */

type PreviousUser = Pick<User, 'uid' | 'isAnonymous'> | null;

let connecting: Promise<Auth | null> | undefined;

/**
 * Loads Firebase, restores any persisted session and keeps the shared auth state in step with
 * it. Idempotent. Screens do not need it: every function below calls it.
 */
export async function startAuth(): Promise<void> {
  await connect();
}

function connect(): Promise<Auth | null> {
  connecting ??= (async () => {
    const auth = await getFirebaseAuth();
    if (!auth) {
      setAuthSnapshot({ status: 'signed-out', user: null });
      return null;
    }
    const { onIdTokenChanged } = await import('firebase/auth');
    // Id-token changes, not just auth-state changes: linking a guest keeps the uid but adds
    // an e-mail, and only the token event reports that.
    onIdTokenChanged(auth, (user) => setAuthSnapshot(snapshotOf(user)));
    await auth.authStateReady();
    setAuthSnapshot(snapshotOf(auth.currentUser));
    return auth;
  })().catch((error: unknown) => {
    connecting = undefined;
    throw error;
  });
  return connecting;
}

async function requireAuth(): Promise<Auth> {
  const auth = await connect();
  if (!auth) {
    throw new SignInError(SIGN_IN_UNAVAILABLE, 'Sign-in is not configured for this site.');
  }
  return auth;
}

function previousUser(auth: Auth): PreviousUser {
  const user = auth.currentUser;
  // A copy: linking turns the same User object from anonymous into permanent.
  return user ? { uid: user.uid, isAnonymous: user.isAnonymous } : null;
}

/** Keeps the sign-in method with a second-factor challenge so analytics reports it later. */
async function attempt(
  auth: Auth,
  method: SignInMethod,
  work: (previous: PreviousUser) => Promise<UserCredential>,
): Promise<SignInResult> {
  const previous = previousUser(auth);
  try {
    return await finishSignIn(await work(previous), method, previous);
  } catch (error) {
    if (authErrorCode(error) === 'auth/multi-factor-auth-required') {
      rememberFirstFactor(error, { method, previous });
    }
    throw error;
  }
}

/** Whether this deployment offers sign-in at all (Firebase configured). */
export function isSignInAvailable(): boolean {
  return isFirebaseConfigured();
}

let creatingGuest: Promise<AuthUser> | undefined;

/**
 * The signed-in user, or a new anonymous (guest) user. For the moment a visitor first needs an
 * identity, e.g. submitting a request; never call it on page load.
 */
export function ensureUser(): Promise<AuthUser> {
  creatingGuest ??= (async () => {
    const auth = await requireAuth();
    if (auth.currentUser) return toAuthUser(auth.currentUser);
    const { signInAnonymously } = await import('firebase/auth');
    const credential = await withLoading(signInAnonymously(auth));
    trackSignUp('anonymous');
    setAuthSnapshot(snapshotOf(credential.user));
    return toAuthUser(credential.user);
  })().finally(() => {
    creatingGuest = undefined;
  });
  return creatingGuest;
}

/**
 * The current user's Firebase ID token for the API, or null when nobody is signed in. Loads
 * Firebase only if a session may exist, so signed-out visitors never download it for this.
 */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  if (!connecting && !mightHaveSession()) return null;
  const auth = await connect();
  const user = auth?.currentUser;
  return user ? user.getIdToken(forceRefresh) : null;
}

export async function signInWithEmailPassword(
  email: string,
  password: string,
): Promise<SignInResult> {
  const auth = await requireAuth();
  const { signInWithEmailAndPassword } = await import('firebase/auth');
  return withLoading(
    attempt(auth, 'password', () => signInWithEmailAndPassword(auth, email.trim(), password)),
  );
}

/**
 * Creates an e-mail + password account. A guest is upgraded in place (same uid, so their
 * requests stay). If the e-mail already has an account and the password is its password, the
 * visitor is signed in to it instead and told that the guest's requests were not moved.
 */
export async function signUpWithEmailPassword(
  email: string,
  password: string,
): Promise<SignInResult> {
  const auth = await requireAuth();
  const sdk = await import('firebase/auth');
  const address = email.trim();
  return withLoading(
    attempt(auth, 'password', async () => {
      const guest = auth.currentUser?.isAnonymous ? auth.currentUser : null;
      if (!guest) return sdk.createUserWithEmailAndPassword(auth, address, password);
      try {
        return await sdk.linkWithCredential(
          guest,
          sdk.EmailAuthProvider.credential(address, password),
        );
      } catch (error) {
        if (!isAccountTaken(error)) throw error;
        // A wrong password for that account would read as "wrong password" on a sign-up
        // form; "the e-mail is taken" is the clearer answer then.
        return sdk.signInWithEmailAndPassword(auth, address, password).catch(() => {
          throw error;
        });
      }
    }),
  );
}

function isAccountTaken(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/email-already-in-use' || code === 'auth/credential-already-in-use';
}

/**
 * Sends a sign-in link to `email` and remembers the address on this device. `next` is the
 * in-app path to open after sign-in (already checked by the caller).
 */
export async function sendEmailLink(email: string, next: string | null = null): Promise<void> {
  const auth = await requireAuth();
  const { sendSignInLinkToEmail } = await import('firebase/auth');
  const address = email.trim();
  await withLoading(
    sendSignInLinkToEmail(auth, address, {
      url: emailLinkContinueUrl(window.location.href, next),
      handleCodeInApp: true,
    }),
  );
  rememberEmailForSignIn(address);
}

/** Whether `url` (normally the current address) is a sign-in link from our e-mail. */
export async function isEmailSignInLink(url: string): Promise<boolean> {
  const auth = await connect();
  if (!auth) return false;
  const { isSignInWithEmailLink } = await import('firebase/auth');
  return isSignInWithEmailLink(auth, url);
}

/**
 * Completes e-mail link sign-in. A guest is upgraded in place; if the e-mail already has an
 * account, the visitor is signed in to it and told the guest's requests were not moved.
 */
export async function completeEmailLinkSignIn(url: string, email: string): Promise<SignInResult> {
  const auth = await requireAuth();
  const sdk = await import('firebase/auth');
  const address = email.trim();
  const result = await withLoading(
    attempt(auth, 'emailLink', async () => {
      const guest = auth.currentUser?.isAnonymous ? auth.currentUser : null;
      if (!guest) return sdk.signInWithEmailLink(auth, address, url);
      try {
        return await sdk.linkWithCredential(
          guest,
          sdk.EmailAuthProvider.credentialWithLink(address, url),
        );
      } catch (error) {
        if (!isAccountTaken(error)) throw error;
        return sdk.signInWithEmailLink(auth, address, url);
      }
    }),
  );
  forgetEmailForSignIn();
  return result;
}

/**
 * Google sign-in in a popup (a guest links Google to keep the uid). On 'auth/popup-blocked'
 * the caller falls back to signInWithGoogleRedirect().
 */
export async function signInWithGoogle(): Promise<SignInResult> {
  const auth = await requireAuth();
  const sdk = await import('firebase/auth');
  const provider = new sdk.GoogleAuthProvider();
  return withLoading(
    attempt(auth, 'google.com', async () => {
      const guest = auth.currentUser?.isAnonymous ? auth.currentUser : null;
      if (!guest) return sdk.signInWithPopup(auth, provider);
      try {
        return await sdk.linkWithPopup(guest, provider);
      } catch (error) {
        return signInToExistingGoogleAccount(auth, error);
      }
    }),
  );
}

/** The Google account is already someone's account: sign in to that one with its credential. */
async function signInToExistingGoogleAccount(auth: Auth, error: unknown): Promise<UserCredential> {
  if (!isAccountTaken(error)) throw error;
  const { FirebaseError } = await import('firebase/app');
  const { GoogleAuthProvider, signInWithCredential } = await import('firebase/auth');
  const credential =
    error instanceof FirebaseError ? GoogleAuthProvider.credentialFromError(error) : null;
  if (!credential) throw error;
  return signInWithCredential(auth, credential);
}

/**
 * Google sign-in by leaving for Google's page (when popups are blocked). The page unloads, so
 * the returned promise normally never settles; the loading flag stays on until then.
 */
export async function signInWithGoogleRedirect(): Promise<void> {
  const auth = await requireAuth();
  const sdk = await import('firebase/auth');
  const provider = new sdk.GoogleAuthProvider();
  const guest = auth.currentUser?.isAnonymous ? auth.currentUser : null;
  await withLoading(
    guest ? sdk.linkWithRedirect(guest, provider) : sdk.signInWithRedirect(auth, provider),
  );
}

/**
 * Finishes a redirect sign-in when the page loads again after Google. Null when this page
 * load is not the return from a redirect.
 */
export async function completeRedirectSignIn(): Promise<SignInResult | null> {
  // Read before Firebase starts: its start-up consumes the pending-redirect marker. The
  // loading flag then shows only while a redirect is really being completed.
  const returning = hasPendingRedirect();
  const work = async (): Promise<SignInResult | null> => {
    const auth = await connect();
    if (!auth) return null;
    const sdk = await import('firebase/auth');
    const previous = previousUser(auth);
    let credential: UserCredential | null;
    try {
      credential = await sdk.getRedirectResult(auth);
    } catch (error) {
      if (authErrorCode(error) === 'auth/multi-factor-auth-required') {
        rememberFirstFactor(error, { method: 'google.com', previous });
        throw error;
      }
      credential = await signInToExistingGoogleAccount(auth, error);
    }
    return credential ? finishSignIn(credential, 'google.com', previous) : null;
  };
  return returning ? withLoading(work) : work();
}

export async function signOut(): Promise<void> {
  const auth = await connect();
  if (!auth) return;
  const { signOut: firebaseSignOut } = await import('firebase/auth');
  await withLoading(firebaseSignOut(auth));
  setAuthSnapshot({ status: 'signed-out', user: null });
}

import { useEffect, useSyncExternalStore } from 'react';
import { isFirebaseConfigured } from './firebase';

/**
 * Who is signed in, kept apart from the Firebase SDK so that the header, the analytics user
 * id and any screen can read it without downloading Firebase.
 *
 * Lazy start (why the header does not load Firebase on every page): the SDK is loaded on page
 * load only when a session may exist, i.e. when localStorage holds Firebase's
 * `firebase:authUser:*` record (lib/auth/firebase.ts makes localStorage the first persistence) or a
 * redirect sign-in is pending in sessionStorage. Otherwise the visitor is "signed-out" at once
 * and Firebase loads only when they need an identity (sign-in screen, submitting a request).
 * Where localStorage is blocked, Firebase keeps the session in IndexedDB only; such a visitor
 * shows as signed out until the sign-in screen (which always loads the SDK) restores it.
 */

export interface AuthUser {
  uid: string;
  email: string | null;
  isAnonymous: boolean;
  displayName: string | null;
}

export type AuthSnapshot =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: AuthUser };

const LOADING: AuthSnapshot = { status: 'loading', user: null };
const SIGNED_OUT: AuthSnapshot = { status: 'signed-out', user: null };

const SESSION_KEY_PREFIX = 'firebase:authUser:';
const PENDING_REDIRECT_KEY_PREFIX = 'firebase:pendingRedirect:';

function hasKeyWithPrefix(storage: Storage, prefix: string): boolean {
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith(prefix)) return true;
  }
  return false;
}

function storageHas(storage: () => Storage, prefix: string): boolean {
  try {
    return hasKeyWithPrefix(storage(), prefix);
  } catch {
    // Storage blocked (privacy settings): nothing readable there.
    return false;
  }
}

/** True when this page load is the return from a redirect sign-in (Google without popup). */
export function hasPendingRedirect(): boolean {
  return storageHas(() => window.sessionStorage, PENDING_REDIRECT_KEY_PREFIX);
}

/** True when Firebase may restore a user on this page; never loads the SDK. */
export function mightHaveSession(): boolean {
  if (!isFirebaseConfigured()) return false;
  return storageHas(() => window.localStorage, SESSION_KEY_PREFIX) || hasPendingRedirect();
}

let snapshot: AuthSnapshot | undefined;
const listeners = new Set<() => void>();
let startRequested = false;

export function getAuthSnapshot(): AuthSnapshot {
  snapshot ??= mightHaveSession() ? LOADING : SIGNED_OUT;
  return snapshot;
}

/** Called by the facade whenever Firebase reports a change. */
export function setAuthSnapshot(next: AuthSnapshot): void {
  const previous = getAuthSnapshot();
  if (sameSnapshot(previous, next)) return;
  snapshot = next;
  for (const listener of [...listeners]) listener();
}

function sameSnapshot(a: AuthSnapshot, b: AuthSnapshot): boolean {
  if (a.status !== b.status) return false;
  if (!a.user || !b.user) return a.user === b.user;
  return (
    a.user.uid === b.user.uid &&
    a.user.email === b.user.email &&
    a.user.isAnonymous === b.user.isAnonymous &&
    a.user.displayName === b.user.displayName
  );
}

export function subscribeAuthSnapshot(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Calls `callback` with the user on every sign-in / user change and with null on sign-out.
 * Does not load Firebase by itself; it hears about the session once something else does.
 */
export function onAuthChange(callback: (user: AuthUser | null) => void): () => void {
  let lastUid: string | null | undefined;
  const emit = () => {
    const current = getAuthSnapshot();
    if (current.status === 'loading') return;
    const uid = current.user?.uid ?? null;
    if (uid === lastUid) return;
    lastUid = uid;
    callback(current.user);
  };
  const unsubscribe = subscribeAuthSnapshot(emit);
  emit();
  return unsubscribe;
}

/** Starts Firebase only when a session may exist; see the module comment. */
function startIfSessionMayExist(): void {
  if (startRequested || getAuthSnapshot().status !== 'loading') return;
  startRequested = true;
  // import(), not a static import: this module is in the first bundle; the facade is not needed
  // there unless a session may exist.
  void import('./auth')
    .then(({ startAuth }) => startAuth())
    .catch(() => {
      // The SDK chunk failed to download: show signed-out rather than a spinner forever.
      setAuthSnapshot(SIGNED_OUT);
    });
}

/** The current user for React; 'loading' only while a persisted session is being restored. */
export function useAuthUser(): AuthSnapshot {
  const current = useSyncExternalStore(subscribeAuthSnapshot, getAuthSnapshot, () => SIGNED_OUT);
  useEffect(() => {
    startIfSessionMayExist();
  }, []);
  return current;
}

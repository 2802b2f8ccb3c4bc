import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { FirebaseWebConfig } from '@unban/contract/client-config';
import { getClientConfig } from '../../config/client-config';

/**
 * The one place that creates the Firebase app and its Auth instance. Everything from the
 * `firebase` package is behind `import()`, so a module may import this file without pulling
 * the SDK into the home screen's first bundle: the SDK downloads when something first needs it.
 */

export function getFirebaseConfig(): FirebaseWebConfig | null {
  return getClientConfig().firebase;
}

/** False when the deployment has no Firebase web configuration: sign-in is then unavailable. */
export function isFirebaseConfigured(): boolean {
  return getFirebaseConfig() !== null;
}

let appPromise: Promise<FirebaseApp | null> | undefined;
let authPromise: Promise<Auth | null> | undefined;

/** Resolves to null when Firebase is not configured. Created once per page. */
export function getFirebaseApp(): Promise<FirebaseApp | null> {
  appPromise ??= createApp().catch((error: unknown) => {
    // A failed chunk download (offline, new deploy) must not stick: the next call retries.
    appPromise = undefined;
    throw error;
  });
  return appPromise;
}

/**
 * The SDK looks for deployment defaults in a global, then in a `__FIREBASE_DEFAULTS__` cookie.
 * Reading document.cookie is slow and reported in the browser's issues panel; this app passes
 * its configuration explicitly, so an empty global ends the search before the cookie.
 */
function skipFirebaseDefaultsCookie(): void {
  const scope = globalThis as { __FIREBASE_DEFAULTS__?: object };
  scope.__FIREBASE_DEFAULTS__ ??= {};
}

async function createApp(): Promise<FirebaseApp | null> {
  const config = getFirebaseConfig();
  if (!config) return null;
  skipFirebaseDefaultsCookie();
  const { initializeApp, getApps } = await import('firebase/app');
  return getApps()[0] ?? initializeApp(config);
}

/** The Auth instance, or null when Firebase is not configured. Created once per page. */
export function getFirebaseAuth(): Promise<Auth | null> {
  authPromise ??= createAuth().catch((error: unknown) => {
    authPromise = undefined;
    throw error;
  });
  return authPromise;
}

async function createAuth(): Promise<Auth | null> {
  const app = await getFirebaseApp();
  if (!app) return null;
  const firebaseAuth = await import('firebase/auth');
  let auth: Auth;
  try {
    auth = firebaseAuth.initializeAuth(app, {
      // localStorage first, so a synchronous look at localStorage can tell whether a session
      // may exist (see auth-state.ts) without loading the SDK; Firebase moves a user found in
      // IndexedDB into localStorage, and uses IndexedDB where localStorage is unavailable.
      persistence: [firebaseAuth.browserLocalPersistence, firebaseAuth.indexedDBLocalPersistence],
      popupRedirectResolver: firebaseAuth.browserPopupRedirectResolver,
    });
  } catch {
    // Already initialised (e.g. after a hot reload): reuse it.
    auth = firebaseAuth.getAuth(app);
  }
  auth.useDeviceLanguage();
  const emulatorUrl = getClientConfig().authEmulatorUrl;
  if (emulatorUrl) {
    // Also turns reCAPTCHA into a mock, so the phone second factor works against the emulator.
    firebaseAuth.connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  }
  return auth;
}

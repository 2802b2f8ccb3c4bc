import type { Analytics } from 'firebase/analytics';
import type { BanCheckOutcome } from '@unban/contract/ban-check';
import type * as analyticsModule from 'firebase/analytics';
import { isAnalyticsAllowed } from './analytics-consent';
import type { ScreenView, ScreenViewParams, SignInMethod } from './analytics-params';
import {
  safeBanCheckOutcome,
  safeScreenViewParams,
  safeSignInMethod,
  safeUserId,
} from './analytics-params';
import { getFirebaseApp } from '../auth/firebase';
import { whenIdle } from '../browser/when-idle';

/**
 * The one choke point for analytics. Every export is safe to call anywhere: it never throws,
 * does nothing when analytics is not configured, and sends nothing before consent. Events
 * before consent are dropped, not queued; only the *current* screen and user id are kept as
 * state, so that accepting sends the screen the visitor is looking at.
 *
 * The Firebase Analytics SDK is imported only once consent allows it (or when the deployment
 * does not ask for consent), after the page is idle.
 */

type AnalyticsSdk = typeof analyticsModule;

interface AnalyticsClient {
  sdk: AnalyticsSdk;
  analytics: Analytics;
}

let client: Promise<AnalyticsClient | null> | undefined;
/** The latest screen not yet sent: sent when the client starts (e.g. right after consent). */
let unsentScreen: ScreenViewParams | undefined;
let currentUserId: string | null = null;

async function loadClient(): Promise<AnalyticsClient | null> {
  // After the first paint: analytics must not compete with the screen the visitor came for.
  await new Promise<void>((resolve) => whenIdle(resolve));
  const app = await getFirebaseApp();
  if (!app || !isAnalyticsAllowed()) return null;
  const sdk = await import('firebase/analytics');
  if (!(await sdk.isSupported())) return null;
  // Consent mode: measurement only, never advertising.
  sdk.setConsent({
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  // screen_view is sent by our router hook; Firebase's own page_view would double count.
  const analytics = sdk.initializeAnalytics(app, { config: { send_page_view: false } });
  return { sdk, analytics };
}

function flushState({ sdk, analytics }: AnalyticsClient): void {
  if (currentUserId) sdk.setUserId(analytics, currentUserId);
  if (unsentScreen) {
    logScreenView({ sdk, analytics }, unsentScreen);
    unsentScreen = undefined;
  }
}

function logScreenView({ sdk, analytics }: AnalyticsClient, params: ScreenViewParams): void {
  sdk.logEvent(analytics, 'screen_view', { ...params });
}

function startClient(): Promise<AnalyticsClient | null> {
  client ??= loadClient()
    .then((loaded) => {
      if (loaded) sendSafely(() => flushState(loaded));
      return loaded;
    })
    .catch((error: unknown) => {
      // Blocked by an extension, offline, unsupported: analytics stays off for this page.
      console.info('Analytics is off for this page', error);
      return null;
    });
  return client;
}

/** Runs `send` once the client is up; a no-op when not allowed. Never throws. */
function whenReady(send: (ready: AnalyticsClient) => void): void {
  if (!isAnalyticsAllowed()) return;
  void startClient().then((ready) => {
    if (ready && isAnalyticsAllowed()) sendSafely(() => send(ready));
  });
}

/** One failed event (e.g. gtag blocked) is dropped; it must not turn analytics off. */
function sendSafely(send: () => void): void {
  try {
    send();
  } catch (error) {
    console.info('Analytics event dropped', error);
  }
}

/**
 * Starts analytics if consent allows it and sends the current screen. Called by the consent
 * banner after "Accept"; calling it when analytics is off does nothing.
 */
export function startAnalytics(): void {
  try {
    if (isAnalyticsAllowed()) void startClient();
  } catch {
    // Never let analytics break the page.
  }
}

export function trackScreenView(view: ScreenView): void {
  try {
    const params = safeScreenViewParams({ ...view });
    if (!isAnalyticsAllowed() || !client) {
      // Not sent now: kept only as "what the visitor is looking at" for when analytics starts.
      unsentScreen = params;
      startAnalytics();
      return;
    }
    whenReady((ready) => logScreenView(ready, params));
  } catch {
    // Never let analytics break the page.
  }
}

function trackMethodEvent(eventName: 'login' | 'sign_up', method: SignInMethod): void {
  try {
    const safeMethod = safeSignInMethod(method);
    if (!safeMethod) return;
    whenReady(({ sdk, analytics }) => {
      if (eventName === 'login') sdk.logEvent(analytics, 'login', { method: safeMethod });
      else sdk.logEvent(analytics, 'sign_up', { method: safeMethod });
    });
  } catch {
    // Never let analytics break the page.
  }
}

export function trackLogin(method: SignInMethod): void {
  trackMethodEvent('login', method);
}

export function trackSignUp(method: SignInMethod): void {
  trackMethodEvent('sign_up', method);
}

/**
 * A visitor finished the free ban check. Only the outcome goes out: never the answers, which
 * could tell the app, the phone or when the visitor was banned.
 */
export function trackBanCheckCompleted(outcome: BanCheckOutcome): void {
  try {
    const safeOutcome = safeBanCheckOutcome(outcome);
    if (!safeOutcome) return;
    whenReady(({ sdk, analytics }) =>
      sdk.logEvent(analytics, 'ban_check_complete', { outcome: safeOutcome }),
    );
  } catch {
    // Never let analytics break the page.
  }
}

/** The analytics user id is the Firebase uid; null on sign-out. */
export function setAnalyticsUser(uid: string | null): void {
  try {
    const safeUid = uid === null ? null : (safeUserId(uid) ?? null);
    if (safeUid === currentUserId) return;
    currentUserId = safeUid;
    // Only an already running client needs telling; a starting one reads currentUserId.
    if (client) whenReady(({ sdk, analytics }) => sdk.setUserId(analytics, currentUserId));
  } catch {
    // Never let analytics break the page.
  }
}

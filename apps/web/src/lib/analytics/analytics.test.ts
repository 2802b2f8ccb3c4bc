import type { ClientConfig } from '@unban/contract/client-config';
import {
  removeClientConfig,
  testFirebaseConfig,
  writeClientConfig,
} from '../../test/client-config-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenView } from './analytics-params';

// The hosted analytics SDK is the edge: it would load gtag.js from Google. Everything of ours
// (consent, whitelist, the choke point, the Firebase app) runs for real.
const sdk = vi.hoisted(() => ({
  isSupported: vi.fn(async () => true),
  setConsent: vi.fn(),
  initializeAnalytics: vi.fn(() => ({ app: { name: '[DEFAULT]' } })),
  logEvent: vi.fn(),
  setUserId: vi.fn(),
}));
vi.mock('firebase/analytics', () => sdk);

const firebase = testFirebaseConfig;

const home: ScreenView = {
  screen_name: 'Home',
  screen_class: 'HomeScreen',
  page_path: '/',
  outlet: 'primary',
};
const terms: ScreenView = {
  screen_name: 'Terms',
  screen_class: 'TermsScreen',
  page_path: '/terms',
  outlet: 'primary',
};

/** A fresh page: the config block as the server writes it, and freshly loaded modules. */
async function openPage(config: Partial<ClientConfig>) {
  writeClientConfig(config);
  vi.resetModules();
  return {
    analytics: await import('./analytics'),
    consent: await import('./analytics-consent'),
  };
}

/** Long enough for the idle wait and the SDK import; the positive tests prove it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function sentEvents() {
  return sdk.logEvent.mock.calls.map((call: unknown[]) => [call[1], call[2]]);
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  sdk.isSupported.mockImplementation(async () => true);
});

afterEach(() => {
  removeClientConfig();
});

describe('analytics when not configured', () => {
  it.each([
    ['no Firebase config', { firebase: null }],
    ['no measurement id', { firebase: { ...firebase, measurementId: undefined } }],
  ])('is a silent no-op with %s', async (_case, config) => {
    const { analytics } = await openPage({ ...config, analyticsConsentRequired: false });
    expect(() => {
      analytics.startAnalytics();
      analytics.trackScreenView(home);
      analytics.trackLogin('password');
      analytics.trackSignUp('anonymous');
      analytics.trackBanCheckCompleted('permanent_ban');
      analytics.setAnalyticsUser('uid-1');
      analytics.setAnalyticsUser(null);
    }).not.toThrow();
    await settle();
    expect(sdk.isSupported).not.toHaveBeenCalled();
    expect(sdk.initializeAnalytics).not.toHaveBeenCalled();
    expect(sdk.logEvent).not.toHaveBeenCalled();
  });
});

describe('analytics without a consent requirement', () => {
  it('loads on the first screen view and sends it, then login, sign_up and the user id', async () => {
    const { analytics } = await openPage({ firebase, analyticsConsentRequired: false });
    analytics.setAnalyticsUser('uid-1');
    analytics.trackScreenView(home);
    await vi.waitFor(() => expect(sdk.logEvent).toHaveBeenCalledTimes(1));

    expect(sdk.initializeAnalytics).toHaveBeenCalledWith(expect.anything(), {
      config: { send_page_view: false },
    });
    expect(sdk.setUserId).toHaveBeenCalledWith(expect.anything(), 'uid-1');

    analytics.trackLogin('google.com');
    analytics.trackSignUp('emailLink');
    analytics.trackScreenView(terms);
    analytics.setAnalyticsUser(null);
    await vi.waitFor(() => expect(sdk.logEvent).toHaveBeenCalledTimes(4));

    expect(sentEvents()).toEqual([
      [
        'screen_view',
        {
          ...home,
          firebase_screen: 'Home',
          firebase_screen_class: 'HomeScreen',
        },
      ],
      ['login', { method: 'google.com' }],
      ['sign_up', { method: 'emailLink' }],
      [
        'screen_view',
        {
          ...terms,
          firebase_screen: 'Terms',
          firebase_screen_class: 'TermsScreen',
        },
      ],
    ]);
    expect(sdk.setUserId).toHaveBeenLastCalledWith(expect.anything(), null);
    expect(sdk.initializeAnalytics).toHaveBeenCalledTimes(1);
  });

  it('never sends e-mail, phone or free text, even when a caller passes them', async () => {
    const { analytics } = await openPage({ firebase, analyticsConsentRequired: false });
    const leaky = {
      screen_name: 'jane@example.com',
      screen_class: 'HomeScreen',
      page_path: '/requests/+15551234567?token=secret',
      outlet: 'primary',
      email: 'jane@example.com',
      message: 'please unban my number',
    };
    analytics.trackScreenView(leaky);
    analytics.setAnalyticsUser('jane@example.com');
    await vi.waitFor(() => expect(sdk.logEvent).toHaveBeenCalledTimes(1));

    const sent = JSON.stringify([sentEvents(), sdk.setUserId.mock.calls]);
    expect(sent).not.toMatch(/jane|example\.com|555|secret|unban/);
    expect(sentEvents()[0]?.[1]).toEqual({
      screen_name: 'unknown',
      screen_class: 'HomeScreen',
      page_path: '/requests/:redacted',
      outlet: 'primary',
      firebase_screen: 'unknown',
      firebase_screen_class: 'HomeScreen',
    });
  });

  it('reports a finished ban check with its outcome only', async () => {
    const { analytics } = await openPage({ firebase, analyticsConsentRequired: false });
    analytics.trackBanCheckCompleted('temporary_ban_unofficial_app');
    // A caller that slips in something else than an outcome id sends nothing.
    analytics.trackBanCheckCompleted('+1 555 123 4567' as never);
    await vi.waitFor(() => expect(sdk.logEvent).toHaveBeenCalledTimes(1));
    await settle();
    expect(sentEvents()).toEqual([
      ['ban_check_complete', { outcome: 'temporary_ban_unofficial_app' }],
    ]);
  });

  it('stays quiet where the SDK is unsupported and survives an SDK that throws', async () => {
    sdk.isSupported.mockImplementation(async () => false);
    const first = await openPage({ firebase, analyticsConsentRequired: false });
    first.analytics.trackScreenView(home);
    await vi.waitFor(() => expect(sdk.isSupported).toHaveBeenCalled());
    await settle();
    expect(sdk.initializeAnalytics).not.toHaveBeenCalled();

    sdk.isSupported.mockImplementation(async () => true);
    sdk.logEvent.mockImplementationOnce(() => {
      throw new Error('gtag blocked');
    });
    const { analytics } = await openPage({ firebase, analyticsConsentRequired: false });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(() => analytics.trackScreenView(home)).not.toThrow();
    await vi.waitFor(() => expect(sdk.logEvent).toHaveBeenCalledTimes(1));
    analytics.trackLogin('password');
    await vi.waitFor(() => expect(sdk.logEvent).toHaveBeenCalledTimes(2));
    expect(sdk.logEvent).toHaveBeenLastCalledWith(expect.anything(), 'login', {
      method: 'password',
    });
  });
});

describe('analytics with a consent requirement', () => {
  it('sends nothing before consent, then only the current screen on accept', async () => {
    const { analytics, consent } = await openPage({ firebase, analyticsConsentRequired: true });
    analytics.trackScreenView(home);
    analytics.trackLogin('password');
    analytics.trackSignUp('anonymous');
    analytics.trackBanCheckCompleted('permanent_ban');
    analytics.setAnalyticsUser('uid-7');
    analytics.trackScreenView(terms);
    await settle();
    expect(sdk.isSupported).not.toHaveBeenCalled();
    expect(sdk.logEvent).not.toHaveBeenCalled();

    consent.recordConsentChoice('granted');
    analytics.startAnalytics();
    await vi.waitFor(() => expect(sdk.logEvent).toHaveBeenCalledTimes(1));
    await settle();

    // Measurement only; advertising stays denied.
    expect(sdk.setConsent).toHaveBeenCalledWith({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(sdk.setConsent.mock.invocationCallOrder[0]).toBeLessThan(
      sdk.initializeAnalytics.mock.invocationCallOrder[0] ?? 0,
    );
    // The earlier screen, the login, the sign-up and the ban check were dropped, not queued.
    expect(sentEvents()).toEqual([
      ['screen_view', expect.objectContaining({ screen_name: 'Terms', page_path: '/terms' })],
    ]);
    expect(sdk.setUserId).toHaveBeenCalledWith(expect.anything(), 'uid-7');
  });

  it('never loads the SDK after "Decline"', async () => {
    const { analytics, consent } = await openPage({ firebase, analyticsConsentRequired: true });
    consent.recordConsentChoice('denied');
    analytics.startAnalytics();
    analytics.trackScreenView(home);
    analytics.trackLogin('google.com');
    await settle();
    expect(sdk.isSupported).not.toHaveBeenCalled();
    expect(sdk.logEvent).not.toHaveBeenCalled();
  });

  it('uses a choice remembered from an earlier visit', async () => {
    localStorage.setItem('unban:analytics-consent', 'granted');
    const { analytics } = await openPage({ firebase, analyticsConsentRequired: true });
    analytics.trackScreenView(home);
    await vi.waitFor(() => expect(sdk.logEvent).toHaveBeenCalledTimes(1));
  });
});

import type { ClientConfig } from '@unban/contract/client-config';
import {
  removeClientConfig,
  testFirebaseConfig,
  writeClientConfig,
} from '../../test/client-config-page';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The hosted analytics SDK is the edge (it would load gtag.js); our code runs for real.
const sdk = vi.hoisted(() => ({
  isSupported: vi.fn(async () => true),
  setConsent: vi.fn(),
  initializeAnalytics: vi.fn(() => ({})),
  logEvent: vi.fn(),
  setUserId: vi.fn(),
}));
vi.mock('firebase/analytics', () => sdk);

const firebase = testFirebaseConfig;

/** A fresh page load with this configuration: config block, then fresh modules. */
async function openPage(config: Partial<ClientConfig>) {
  writeClientConfig(config);
  vi.resetModules();
  const { ConsentBanner } = await import('./consent-banner');
  const analytics = await import('../../lib/analytics/analytics');
  const view = render(<ConsentBanner />);
  return { analytics, view };
}

const banner = () => screen.queryByRole('region', { name: 'Analytics consent' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

afterEach(() => {
  removeClientConfig();
});

describe('ConsentBanner', () => {
  it('accept: loads analytics, sends the current screen, and is not asked again', async () => {
    const user = userEvent.setup();
    const { analytics, view } = await openPage({ firebase, analyticsConsentRequired: true });
    analytics.trackScreenView({
      screen_name: 'Home',
      screen_class: 'HomeScreen',
      page_path: '/',
      outlet: 'primary',
    });
    await settle();
    expect(sdk.logEvent).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Accept analytics' }));

    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem('unban:analytics-consent')).toBe('granted');
    await vi.waitFor(() =>
      expect(sdk.logEvent).toHaveBeenCalledWith(
        expect.anything(),
        'screen_view',
        expect.objectContaining({ screen_name: 'Home', page_path: '/' }),
      ),
    );

    view.unmount();
    await openPage({ firebase, analyticsConsentRequired: true });
    expect(banner()).not.toBeInTheDocument();
  });

  it('decline: nothing loads, and the choice is remembered on the next visit', async () => {
    const user = userEvent.setup();
    const { analytics, view } = await openPage({ firebase, analyticsConsentRequired: true });
    expect(banner()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    analytics.trackScreenView({
      screen_name: 'Terms',
      screen_class: 'TermsScreen',
      page_path: '/terms',
      outlet: 'primary',
    });
    await settle();

    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem('unban:analytics-consent')).toBe('denied');
    expect(sdk.isSupported).not.toHaveBeenCalled();
    expect(sdk.logEvent).not.toHaveBeenCalled();

    view.unmount();
    await openPage({ firebase, analyticsConsentRequired: true });
    expect(banner()).not.toBeInTheDocument();
  });

  it('is not shown when consent is not required or analytics is not configured', async () => {
    const first = await openPage({ firebase, analyticsConsentRequired: false });
    expect(banner()).not.toBeInTheDocument();
    first.view.unmount();

    await openPage({ firebase: { ...firebase, measurementId: undefined } });
    expect(banner()).not.toBeInTheDocument();
  });

  it('lets the pointer through for its first moments, then takes it', async () => {
    // It appears just after the visitor's first touch of the page: a tap already on its way is
    // the page's (the stylesheet turns the pointer off while data-arriving is set).
    await openPage({ firebase, analyticsConsentRequired: true });
    expect(banner()).toHaveAttribute('data-arriving');
    await vi.waitFor(() => expect(banner()).not.toHaveAttribute('data-arriving'), {
      timeout: 2_000,
    });
  });

  it('links to the privacy policy', async () => {
    await openPage({ firebase, analyticsConsentRequired: true });
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '#/privacy',
    );
  });
});

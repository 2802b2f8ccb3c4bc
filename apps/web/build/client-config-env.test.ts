// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultClientConfig } from '@unban/contract/client-config';
import { clientConfigFromEnv } from './client-config-env';

describe('clientConfigFromEnv', () => {
  it('gives the default configuration when no VITE_* variable is set', () => {
    expect(clientConfigFromEnv({})).toEqual(defaultClientConfig);
  });

  it('configures chat only when both ids are set, with the default host', () => {
    expect(clientConfigFromEnv({ VITE_CHAT_SITE_ID: 'site' }).chat).toBeNull();
    expect(
      clientConfigFromEnv({ VITE_CHAT_SITE_ID: 'site', VITE_CHAT_WIDGET_ID: 'widget' }).chat,
    ).toEqual({ host: 'https://embed.tawk.to', siteId: 'site', widgetId: 'widget' });
  });

  it('configures Firebase when api key, auth domain and project id are set', () => {
    const env = {
      VITE_FIREBASE_API_KEY: 'key',
      VITE_FIREBASE_AUTH_DOMAIN: 'demo.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'demo',
      VITE_FIREBASE_MEASUREMENT_ID: 'G-1',
      VITE_ANALYTICS_CONSENT_REQUIRED: 'false',
    };
    const config = clientConfigFromEnv(env);
    expect(config.firebase).toEqual({
      apiKey: 'key',
      authDomain: 'demo.firebaseapp.com',
      projectId: 'demo',
      storageBucket: '',
      messagingSenderId: '',
      appId: '',
      measurementId: 'G-1',
    });
    expect(config.analyticsConsentRequired).toBe(false);
    expect(clientConfigFromEnv({ VITE_FIREBASE_API_KEY: 'key' }).firebase).toBeNull();
  });

  it('stops the build on a value that is not valid, naming it', () => {
    expect(() =>
      clientConfigFromEnv({
        VITE_CHAT_HOST: 'not a url',
        VITE_CHAT_SITE_ID: 's',
        VITE_CHAT_WIDGET_ID: 'w',
      }),
    ).toThrow(/chat\.host/);
    expect(() => clientConfigFromEnv({ VITE_ANALYTICS_CONSENT_REQUIRED: 'maybe' })).toThrow(
      /VITE_ANALYTICS_CONSENT_REQUIRED/,
    );
  });
});

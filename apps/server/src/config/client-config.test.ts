import { describe, expect, it } from 'vitest';
import { clientConfigSchema } from '@unban/contract/client-config';
import { buildClientConfig } from './client-config';
import { loadConfig as loadExplicitConfig } from './env';

/** The tests below are about other variables; NODE_ENV never defaults. */
function loadConfig(env: Record<string, string | undefined>, cwd?: string) {
  return loadExplicitConfig({ NODE_ENV: 'development', ...env }, cwd);
}

describe('buildClientConfig', () => {
  it('gives the browser nothing to load when nothing is configured', () => {
    expect(buildClientConfig(loadConfig({}))).toEqual({
      chat: null,
      firebase: null,
      authEmulatorUrl: null,
      analyticsConsentRequired: true,
    });
  });

  it('passes chat, Firebase web config and the emulator URL, valid for the contract', () => {
    const clientConfig = buildClientConfig(
      loadConfig({
        CHAT_SITE_ID: 'site',
        CHAT_WIDGET_ID: 'widget',
        FIREBASE_API_KEY: 'demo-api-key',
        FIREBASE_AUTH_DOMAIN: 'demo-unban.firebaseapp.com',
        FIREBASE_PROJECT_ID: 'demo-unban',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        ANALYTICS_CONSENT_REQUIRED: 'false',
      }),
    );
    expect(clientConfigSchema.parse(clientConfig)).toEqual(clientConfig);
    expect(clientConfig).toMatchObject({
      chat: { host: 'https://embed.tawk.to', siteId: 'site', widgetId: 'widget' },
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-unban.firebaseapp.com',
        projectId: 'demo-unban',
      },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      analyticsConsentRequired: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { defaultClientConfig } from '@unban/contract/client-config';
import type { ClientConfig } from '@unban/contract/client-config';
import {
  buildContentSecurityPolicy,
  serializeContentSecurityPolicy,
} from './content-security-policy';

const tawkChat: ClientConfig['chat'] = {
  host: 'https://embed.tawk.to',
  siteId: 'site',
  widgetId: 'widget',
};

const firebase: ClientConfig['firebase'] = {
  apiKey: 'key',
  authDomain: 'demo-unban.firebaseapp.com',
  projectId: 'demo-unban',
  storageBucket: '',
  messagingSenderId: '',
  appId: '',
};

describe('buildContentSecurityPolicy', () => {
  it('allows only the site itself when no integration is configured', () => {
    expect(buildContentSecurityPolicy({ clientConfig: defaultClientConfig })).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'self'"],
      'media-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    });
  });

  it('allows the tawk.to hosts, over https and wss, when that chat is configured', () => {
    const csp = buildContentSecurityPolicy({
      clientConfig: { ...defaultClientConfig, chat: tawkChat },
    });
    // Scripts come from the embed host only: no wildcard, no third-party CDN.
    expect(csp['script-src']).toEqual(["'self'", 'https://embed.tawk.to']);
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining([
        'https://embed.tawk.to',
        'wss://embed.tawk.to',
        'https://*.tawk.to',
        'wss://*.tawk.to',
      ]),
    );
    for (const directive of ['frame-src', 'font-src']) {
      expect(csp[directive]).toEqual(
        expect.arrayContaining(['https://embed.tawk.to', 'https://*.tawk.to']),
      );
    }
    expect(csp['script-src']).not.toContain('https://apis.google.com');
  });

  it('allows exactly the origin of another chat host, without tawk.to wildcards', () => {
    const csp = buildContentSecurityPolicy({
      clientConfig: {
        ...defaultClientConfig,
        chat: { host: 'https://chat.example.com:8443/embed', siteId: 's', widgetId: 'w' },
      },
    });
    expect(csp['script-src']).toEqual(["'self'", 'https://chat.example.com:8443']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://chat.example.com:8443',
      'wss://chat.example.com:8443',
    ]);
    expect(serializeContentSecurityPolicy(csp)).not.toContain('tawk');
  });

  it('allows the Google sign-in loader, by path, when Firebase is configured without analytics', () => {
    const csp = buildContentSecurityPolicy({ clientConfig: { ...defaultClientConfig, firebase } });
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://apis.google.com/js/api.js',
      'https://apis.google.com/_/scs/abc-static/',
    ]);
    expect(serializeContentSecurityPolicy(csp)).not.toContain('googletagmanager');
    expect(serializeContentSecurityPolicy(csp)).not.toContain('google-analytics');
  });

  it('allows gtag.js, by path, and its endpoints only when analytics is configured', () => {
    const csp = buildContentSecurityPolicy({
      clientConfig: { ...defaultClientConfig, firebase: { ...firebase, measurementId: 'G-TEST' } },
    });
    expect(csp['script-src']).toContain('https://www.googletagmanager.com/gtag/js');
    expect(csp['script-src']).not.toContain('https://www.googletagmanager.com');
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining([
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://www.google-analytics.com',
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
      ]),
    );
    expect(csp['frame-src']).toEqual(["'self'", 'https://demo-unban.firebaseapp.com']);
  });

  it('allows the Auth emulator origin when one is set', () => {
    const csp = buildContentSecurityPolicy({
      clientConfig: { ...defaultClientConfig, firebase, authEmulatorUrl: 'http://127.0.0.1:9099' },
    });
    expect(csp['connect-src']).toContain('http://127.0.0.1:9099');
    expect(csp['frame-src']).toContain('http://127.0.0.1:9099');
  });

  it('adds form targets and never repeats a source', () => {
    const csp = buildContentSecurityPolicy({
      clientConfig: { ...defaultClientConfig, chat: tawkChat, firebase },
      formActionOrigins: ['https://checkout.stripe.com'],
    });
    expect(csp['form-action']).toEqual(["'self'", 'https://checkout.stripe.com']);
    for (const sources of Object.values(csp)) expect(new Set(sources).size).toBe(sources.length);
  });
});

describe('serializeContentSecurityPolicy', () => {
  it('writes directives separated by semicolons', () => {
    expect(
      serializeContentSecurityPolicy({ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] }),
    ).toBe("default-src 'self'; img-src 'self' data:");
  });
});

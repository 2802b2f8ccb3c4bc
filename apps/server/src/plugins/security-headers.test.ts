import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { API_CONTENT_SECURITY_POLICY, DOCUMENT_ONLY_HEADERS } from './security-headers';

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  /** The headers of a page of the site (`/`), or of another address. */
  async function headersFor(config: Parameters<typeof createTestApp>[0], url = '/') {
    const subject = await createTestApp({ ...config, database });
    try {
      const response = await subject.app.inject({ method: 'GET', url });
      return response.headers;
    } finally {
      await subject.close();
    }
  }

  it.each(['/', '/api/health', '/api/no-such-route', '/no-such-page'])(
    'sends the standard protective headers on every response (%s)',
    async (url) => {
      const headers = await headersFor({}, url);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['content-security-policy']).toEqual(expect.any(String));
      expect(headers['x-powered-by']).toBeUndefined();
      // Plain http (local runs): HSTS would be meaningless.
      expect(headers['strict-transport-security']).toBeUndefined();
    },
  );

  it.each(['/', '/no-such-page', '/api/docs'])(
    'sends the headers that speak to a rendered document with a page (%s)',
    async (url) => {
      const headers = await headersFor({}, url);
      expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(headers['x-xss-protection']).toBe('0');
      for (const name of DOCUMENT_ONLY_HEADERS) expect(headers[name], name).toBeDefined();
    },
  );

  it.each(['/api/health', '/api/no-such-route', '/api/client-config'])(
    'leaves them off an answer of data (%s)',
    async (url) => {
      const headers = await headersFor({}, url);
      expect(headers['content-type']).not.toContain('text/html');
      for (const name of DOCUMENT_ONLY_HEADERS) expect(headers[name], name).toBeUndefined();
    },
  );

  it("lets nothing load, run or frame an API answer, whatever the site's pages may load", async () => {
    const config = { chat: { host: 'https://embed.tawk.to', siteId: 's', widgetId: 'w' } };
    for (const url of ['/api/health', '/api/client-config', '/api/no-such-route']) {
      const csp = directives((await headersFor({ config }, url))['content-security-policy']);
      expect(csp).toEqual(
        new Map([
          ['default-src', ["'none'"]],
          ['frame-ancestors', ["'none'"]],
        ]),
      );
    }
    expect(API_CONTENT_SECURITY_POLICY).not.toContain('tawk');
    // The page itself still gets the site's policy, with the chat's host.
    const page = directives((await headersFor({ config }, '/'))['content-security-policy']);
    expect(page.get('script-src')).toContain('https://embed.tawk.to');
  });

  it('sends HSTS when the site is public over https', async () => {
    const headers = await headersFor({ config: { publicUrl: 'https://unban.example' } });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await headersFor({ config: { publicUrl: 'https://unban.example' } }, '/api/health');
    expect(api['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allows nothing third-party when no integration is configured', async () => {
    const csp = directives((await headersFor({}))['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('allows the chat and Firebase hosts when they are configured', async () => {
    const csp = directives(
      (
        await headersFor({
          config: {
            chat: { host: 'https://embed.tawk.to', siteId: 's', widgetId: 'w' },
            firebase: {
              projectId: 'demo-unban',
              authEmulatorHost: '127.0.0.1:9099',
              web: {
                apiKey: 'demo-api-key',
                authDomain: 'demo-unban.firebaseapp.com',
                projectId: 'demo-unban',
                storageBucket: '',
                messagingSenderId: '',
                appId: '',
              },
            },
          },
        })
      )['content-security-policy'],
    );
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(['https://embed.tawk.to', 'https://apis.google.com/js/api.js']),
    );
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        'wss://*.tawk.to',
        'https://identitytoolkit.googleapis.com',
        'http://127.0.0.1:9099',
      ]),
    );
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://embed.tawk.to', 'https://demo-unban.firebaseapp.com']),
    );
  });
});

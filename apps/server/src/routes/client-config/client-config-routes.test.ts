import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfigSchema } from '@unban/contract/client-config';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

describe('GET /api/client-config', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({
      config: {
        chat: { host: 'https://embed.tawk.to', siteId: 'site-1', widgetId: 'widget-1' },
        analyticsConsentRequired: false,
      },
    });
  });
  afterAll(() => subject?.close());

  it('returns the runtime configuration the browser needs', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(clientConfigSchema.parse(response.json())).toEqual({
      chat: { host: 'https://embed.tawk.to', siteId: 'site-1', widgetId: 'widget-1' },
      firebase: null,
      authEmulatorUrl: null,
      analyticsConsentRequired: false,
    });
  });
});

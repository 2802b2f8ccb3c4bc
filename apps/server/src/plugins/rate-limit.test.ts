import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

describe('rate limit', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ config: { rateLimitPerMinute: 3 } });
  });
  afterAll(() => subject?.close());

  const fromIp = (remoteAddress: string, url = '/api/client-config') =>
    subject.app.inject({ method: 'GET', url, remoteAddress });

  it('answers 429 in the API error format once a client IP exceeds its budget', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await fromIp('203.0.113.1');
      expect(response.statusCode).toBe(200);
      // The counters are told with the refusal, not with every answer.
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const refused = await fromIp('203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(errorBodySchema.parse(refused.json()).error).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts each client IP separately', async () => {
    const response = await fromIp('203.0.113.2');
    expect(response.statusCode).toBe(200);
  });

  it('counts unknown API addresses too', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await fromIp('203.0.113.3', '/api/nothing-here')).statusCode).toBe(404);
    }
    expect((await fromIp('203.0.113.3', '/api/nothing-here')).statusCode).toBe(429);
  });

  it('does not limit the web app outside /api', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await fromIp('203.0.113.4', '/');
      expect(response.statusCode).not.toBe(429);
    }
  });
});

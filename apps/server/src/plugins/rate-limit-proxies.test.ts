import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from '../db/client';

const LOAD_BALANCER = '10.0.0.7';

describe('rate limit behind trusted proxies', () => {
  let byHops: TestApp;
  let byAddress: TestApp;
  beforeAll(async () => {
    byHops = await createTestApp({ config: { rateLimitPerMinute: 3, trustProxy: 1 } });
    byAddress = await createTestApp({
      config: { rateLimitPerMinute: 3, trustProxy: ['10.0.0.0/8'] },
    });
  });
  afterAll(async () => {
    await byHops?.close();
    await byAddress?.close();
  });

  const viaProxy = (subject: TestApp, forwardedFor: string, remoteAddress = LOAD_BALANCER) =>
    subject.app.inject({
      method: 'GET',
      url: '/api/client-config',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it.each([
    ['a hop count', () => byHops],
    ['a list of proxy addresses', () => byAddress],
  ])(
    'with %s, a client cannot escape its limit by writing X-Forwarded-For entries',
    async (_label, subject) => {
      // The client writes the left part; the load balancer appends the address it saw.
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const response = await viaProxy(subject(), `198.51.100.${attempt}, 203.0.113.50`);
        expect(response.statusCode).toBe(200);
      }
      const refused = await viaProxy(subject(), '198.51.100.99, 203.0.113.50');
      expect(refused.statusCode).toBe(429);
    },
  );

  it('does not take X-Forwarded-For from an address that is not a trusted proxy', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await viaProxy(byAddress, `198.51.100.${attempt}`, '192.0.2.1')).statusCode).toBe(
        200,
      );
    }
    expect((await viaProxy(byAddress, '198.51.100.200', '192.0.2.1')).statusCode).toBe(429);
  });
});

describe('rate limit counted in the shared database', () => {
  let database: DatabaseHandle;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    const options = { database, sharedRateLimits: true, config: { rateLimitPerMinute: 3 } };
    first = await createTestApp(options);
    second = await createTestApp(options);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('two instances on one database share one budget per client address', async () => {
    const from = (subject: TestApp) =>
      subject.app.inject({
        method: 'GET',
        url: '/api/client-config',
        remoteAddress: '203.0.113.60',
      });
    expect((await from(first)).statusCode).toBe(200);
    expect((await from(second)).statusCode).toBe(200);
    expect((await from(first)).statusCode).toBe(200);
    expect((await from(second)).statusCode).toBe(429);
  });
});

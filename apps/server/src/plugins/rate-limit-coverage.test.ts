import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEmulator } from '../test/auth-emulator';
import { createTestApp, testConfig } from '../test/test-app';
import type { TestApp } from '../test/test-app';

describe('what the rate limit covers', () => {
  let subject: TestApp;
  beforeAll(async () => {
    const { host, projectId } = authEmulator();
    subject = await createTestApp({
      config: {
        rateLimitPerMinute: 3,
        webhookRateLimitPerMinute: 5,
        firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      },
    });
  });
  afterAll(() => subject?.close());

  it('counts requests whose token is bad, before verifying it', async () => {
    const withBadToken = () =>
      subject.app.inject({
        method: 'GET',
        url: '/api/requests',
        remoteAddress: '203.0.113.70',
        headers: { authorization: 'Bearer not-a-real-token' },
      });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await withBadToken()).statusCode).toBe(401);
    }
    expect((await withBadToken()).statusCode).toBe(429);
  });

  it('counts requests with a bad token to an unknown address too', async () => {
    const probe = () =>
      subject.app.inject({
        method: 'GET',
        url: '/api/no-such-route',
        remoteAddress: '203.0.113.73',
        headers: { authorization: 'Bearer not-a-real-token' },
      });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await probe()).statusCode).toBe(404);
    }
    expect((await probe()).statusCode).toBe(429);
  });

  it('limits the health check like any other API route', async () => {
    const health = () =>
      subject.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.71' });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await health()).statusCode).toBe(200);
    }
    expect((await health()).statusCode).toBe(429);
  });

  it('limits the payment-status page, which reads the database like the API', async () => {
    const statusPage = () =>
      subject.app.inject({
        method: 'GET',
        url: '/payment-status?order=UB-AAAAAAAA&token=t',
        remoteAddress: '203.0.113.74',
      });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await statusPage()).statusCode).not.toBe(429);
    }
    expect((await statusPage()).statusCode).toBe(429);
    const home = await subject.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '203.0.113.74',
    });
    expect(home.statusCode).not.toBe(429);
  });

  it('gives the webhook route a limit of its own', async () => {
    const webhook = () =>
      subject.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        remoteAddress: '203.0.113.72',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    // More than the general limit gets through (refused for the missing signature)…
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await webhook()).statusCode).toBe(400);
    }
    // …but not without end.
    expect((await webhook()).statusCode).toBe(429);
  });
});

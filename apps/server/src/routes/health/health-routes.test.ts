import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@unban/contract/health';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

describe('GET /api/health', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject?.close());

  it('reports ok when the database answers', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = healthResponseSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('is rate limited per address like any API route: a flood costs a database round trip each', async () => {
    const limited = await createTestApp({ config: { rateLimitPerMinute: 2 } });
    try {
      const probe = () =>
        limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.10' });
      expect((await probe()).statusCode).toBe(200);
      expect((await probe()).statusCode).toBe(200);
      expect((await probe()).statusCode).toBe(429);
      // Another prober (a second load balancer) has its own budget.
      const other = await limited.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '192.0.2.11',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('reports degraded with 503 when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(healthResponseSchema.parse(response.json())).toMatchObject({
        status: 'degraded',
        database: 'down',
      });
    } finally {
      await broken.close();
    }
  });
});

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

  it('is not rate limited, so probes are never turned away', async () => {
    const limited = await createTestApp({ config: { rateLimitPerMinute: 1 } });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await limited.app.inject({ method: 'GET', url: '/api/health' });
        expect(response.statusCode).toBe(200);
      }
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

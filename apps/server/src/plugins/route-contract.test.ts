import { gunzipSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiPath } from '../http/api-path';
import { routeGuards } from '../http/route-guards';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { contractProblems, plainJsonSerializer } from './route-contract';

/*
 * Every API route carries its contract: a guard, a schema and a response. An app with a
 * route that lacks one does not start, so a forgotten guard can never be public by accident.
 */

let subject: TestApp | undefined;
afterEach(async () => {
  await subject?.close();
  subject = undefined;
});

async function appWith(route: (app: TestApp['app']) => void): Promise<TestApp> {
  subject = await createTestApp();
  route(subject.app);
  return subject;
}

describe('the route contract', () => {
  it('refuses to start with an API route that declares no guard', async () => {
    const { app } = await appWith((app) =>
      app.get(
        '/api/test/unguarded',
        { schema: { response: { 200: z.string() } } },
        async () => 'x',
      ),
    );
    await expect(app.ready()).rejects.toThrow(/GET \/api\/test\/unguarded declares no guard/);
  });

  it('refuses to start with an API route that declares no schema, or no response', async () => {
    const { app } = await appWith((app) => {
      app.get('/api/test/bare', { config: { guard: 'public' } }, async () => 'x');
      app.post(
        '/api/test/no-response',
        { config: { guard: 'public' }, schema: { body: z.object({}) } },
        async () => 'x',
      );
    });
    const failure = app.ready();
    await expect(failure).rejects.toThrow(/GET \/api\/test\/bare declares no schema/);
    await expect(failure).rejects.toThrow(/POST \/api\/test\/no-response declares no response/);
  });

  it('holds for every route of the application', async () => {
    subject = await createTestApp();
    const routes: RouteOptions[] = [];
    subject.app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await subject.app.ready();
    const api = routes.filter((route) => isApiPath(route.url));
    expect(api.length).toBeGreaterThan(15);
    for (const route of api) {
      expect(contractProblems(route), `${String(route.method)} ${route.url}`).toEqual([]);
      expect(routeGuards).toContain(route.config?.guard);
      // The back office is staff only, route by route.
      if (route.url.startsWith('/api/admin/')) {
        expect(['operator', 'admin'], route.url).toContain(route.config?.guard);
      }
    }
  });

  it('writes a plain-serialized answer whole, with its byte length, compressed when asked', async () => {
    // Outside ASCII, as the queue's masked numbers are: bytes and characters differ.
    const items = Array.from({ length: 100 }, (_, index) => ({ phone: `+•• ••• ••• ${index}` }));
    // Registered as a plugin, so it loads after the app's own (compression among them).
    const { app } = await appWith((app) =>
      app.register(async (scope) =>
        scope.get(
          '/api/test/plain',
          {
            config: { guard: 'public' },
            serializerCompiler: plainJsonSerializer,
            schema: {
              response: { 200: z.object({ items: z.array(z.object({ phone: z.string() })) }) },
            },
          },
          async () => ({ items }),
        ),
      ),
    );
    const plain = await app.inject({ method: 'GET', url: '/api/test/plain' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(plain.json()).toEqual({ items });

    const gzipped = await app.inject({
      method: 'GET',
      url: '/api/test/plain',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual({ items });
  });
});

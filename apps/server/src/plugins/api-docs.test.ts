import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../http/api-path';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

interface Operation {
  'x-guard'?: string;
  'x-error-codes'?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
}

let subject: TestApp;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  subject = await createTestApp();
  subject.app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await subject.app.ready();
});
afterAll(() => subject?.close());

async function apiDocument() {
  const response = await subject.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, unknown> };
  };
}

/** `/api/requests/:id` → `/api/requests/{id}`, as OpenAPI writes a path. */
function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, '{$1}');
}

describe('GET /api/docs/json', () => {
  it('describes every API route with its guard, its security and its error codes', async () => {
    const document = await apiDocument();
    expect(document.openapi).toMatch(/^3\./);
    const described = routes.filter(
      (route) =>
        isApiPath(route.url) &&
        route.method !== 'HEAD' &&
        !(route.schema as { hide?: boolean } | undefined)?.hide,
    );
    expect(described.length).toBeGreaterThan(15);
    for (const route of described) {
      const operation =
        document.paths[openapiPath(route.url)]?.[String(route.method).toLowerCase()];
      expect(operation, `${String(route.method)} ${route.url}`).toBeDefined();
      expect(operation?.['x-guard']).toBe(route.config?.guard);
      expect(operation?.security).toBeDefined();
      expect(operation?.['x-error-codes']).toContain('INTERNAL');
      expect(Object.keys(operation?.responses ?? {})).toContain('500');
    }
  });

  it('shows what a route takes and answers, and which errors it gives', async () => {
    const { paths, components } = await apiDocument();
    const transition = paths['/api/admin/requests/{id}/transitions']?.post;
    expect(transition?.['x-guard']).toBe('operator');
    expect(transition?.security).toEqual([{ firebaseIdToken: [] }]);
    expect(transition?.requestBody).toBeDefined();
    expect(transition?.['x-error-codes']).toEqual(
      expect.arrayContaining(['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'CONFLICT']),
    );
    expect(Object.keys(transition?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );

    const status = paths['/api/payments/status']?.get;
    expect(status?.['x-guard']).toBe('status-token-or-owner');
    // The token is the statusToken security scheme's parameter, so it is listed there.
    expect(status?.security).toEqual([{ statusToken: [] }, { firebaseIdToken: [] }]);
    expect(status?.parameters?.map((parameter) => parameter.name)).toContain('order');
    // Health probes are limited like any API route (a flood costs a database round trip each).
    expect(paths['/api/health']?.get?.['x-error-codes']).toContain('RATE_LIMITED');
    expect(Object.keys(components.securitySchemes)).toEqual(
      expect.arrayContaining(['firebaseIdToken', 'statusToken', 'webhookSignature']),
    );
  });
});

describe('GET /api/docs', () => {
  it('is a page that loads only its own files, under a policy of its own', async () => {
    const page = await subject.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    const sources = [...page.payload.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source).not.toMatch(/^(https?:)?\/\//);
      const file = await subject.app.inject({
        method: 'GET',
        url: new URL(source, 'http://site.test/api/docs/').pathname,
      });
      expect(file.statusCode, source).toBe(200);
    }
  });

  it('leaves the rest of the site under its own policy', async () => {
    const page = await subject.app.inject({ method: 'GET', url: '/api/docs/' });
    for (const url of ['/', '/api/health']) {
      const other = await subject.app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy'], url).toBeDefined();
      expect(other.headers['content-security-policy'], url).not.toBe(
        page.headers['content-security-policy'],
      );
    }
  });
});

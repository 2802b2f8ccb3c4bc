// @ts-check
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRequest, roles } from './fuzz-requests.mjs';
import { operationsOf } from './openapi-operations.mjs';

const document = {
  paths: {
    '/api/items/{id}': {
      post: {
        'x-guard': 'signed-in',
        parameters: [
          {
            name: 'id',
            in: /** @type {const} */ ('path'),
            required: true,
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { name: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
              },
            },
          },
        },
      },
    },
    '/api/status': {
      get: {
        'x-guard': 'status-token-or-owner',
        parameters: [
          { name: 'order', in: /** @type {const} */ ('query'), schema: { type: 'string' } },
        ],
      },
    },
  },
};

const fixtures = {
  tokens: { anonymous: null, guest: 'g', customer: 'c', operator: 'o', admin: 'a' },
  ids: ['real-id'],
  references: ['REF-1'],
  statusTokens: ['status-token'],
  sandboxSessions: ['sbx'],
  sandboxTokens: ['s'],
  validBodies: {},
};

describe('the fuzzer', () => {
  const operations = operationsOf(document);
  const sample = (/** @type {number} */ index) =>
    fc.sample(fuzzRequest(/** @type {any} */ (operations[index]), fixtures), {
      seed: 7,
      numRuns: 400,
    });

  it('reads every operation of the document with its parameters and body', () => {
    expect(operations.map((o) => `${o.method} ${o.path} ${o.guard}`)).toEqual([
      'POST /api/items/{id} signed-in',
      'GET /api/status status-token-or-owner',
    ]);
    expect(operations[0]?.params.map((p) => p.name)).toEqual(['id']);
    expect(operations[0]?.body).not.toBeNull();
  });

  it('sends as every role, with broken bodies, paths and headers', () => {
    const requests = sample(0);
    expect(new Set(requests.map((r) => r.role))).toEqual(new Set(roles));
    for (const role of ['guest', 'customer', 'operator', 'admin'])
      expect(
        requests.some((r) => r.role === role && r.headers.authorization === `Bearer ${role[0]}`),
      ).toBe(true);
    const kinds = new Set(requests.map((r) => r.mutation));
    for (const kind of ['valid', 'field replace', 'field delete', 'whole', 'raw'])
      expect(kinds).toContain(kind);
    expect(requests.some((r) => r.path === '/api/items/real-id')).toBe(true);
    expect(requests.some((r) => !r.path.startsWith('/api/items/real-id'))).toBe(true);
    expect(
      requests.some(
        (r) => r.headers['content-type'] && r.headers['content-type'] !== 'application/json',
      ),
    ).toBe(true);
    expect(requests.some((r) => r.method !== 'POST')).toBe(true);
  });

  it('adds the status token to the query of a status-token route', () => {
    const requests = sample(1);
    expect(requests.some((r) => r.path.includes('token=status-token'))).toBe(true);
    expect(requests.some((r) => r.path.includes('order=REF-1'))).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { findNul } from './refuse-nul';

describe('findNul', () => {
  it('names the first field holding a NUL, in bodies, arrays and queries', () => {
    expect(findNul({ a: 'fine', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(findNul({ q: 'ab\u0000' })).toBe('q');
    expect(findNul({ a: 'fine', n: 3, z: null })).toBeNull();
    expect(findNul(Buffer.from('\u0000'))).toBeNull();
  });

  it('walks a body nested far deeper than the call stack', () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(`${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}`);
    expect(findNul(deep)).toBe(Array.from({ length: depth }, () => '0').join('.'));
    expect(findNul(JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBeNull();
  });
});

describe('a NUL character in a request', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
    await subject.app.ready();
  });
  afterAll(() => subject?.close());

  it('is refused with 400 VALIDATION_FAILED, in a body and in a query, never a 500', async () => {
    const order = await subject.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ usage: 'Family\u0000chats' }),
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { usage: expect.any(String) } },
    });

    const status = await subject.app.inject({
      method: 'GET',
      url: '/api/payments/status?order=UB-AAAA1111&token=%00',
    });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

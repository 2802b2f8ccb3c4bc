import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@unban/contract/errors';
import { BODY_LIMIT_BYTES } from '../app';
import { AppError } from '../errors';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const contactSchema = z.object({
  email: z.email('Enter a valid e-mail address.'),
  contact: z.object({ phone: z.string().min(5, 'Enter the full number.') }).optional(),
  count: z.coerce.number().int().optional(),
});

// Test routes follow the API's rules too: a guard and a schema (plugins/route-contract.ts).
const open = { config: { guard: 'public' as const } };
const anyAnswer = { response: { 200: z.unknown() } };

describe('API errors', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
    const { app } = subject;
    app.get('/api/test/crash', { ...open, schema: anyAnswer }, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432 at PoolClient (/srv/app/db.js:12)');
    });
    app.get('/api/test/refused', { ...open, schema: anyAnswer }, async () => {
      throw new AppError('CONFLICT', 'The case changed in the meantime.', {
        cause: new Error('version 3 != 4'),
      });
    });
    app.post(
      '/api/test/echo',
      { ...open, schema: { body: z.unknown(), ...anyAnswer } },
      async (request) => request.body,
    );
    app.post(
      '/api/test/contact',
      { ...open, schema: { body: contactSchema, response: { 200: contactSchema } } },
      async (request) => request.body,
    );
  });
  afterAll(() => subject?.close());

  function errorOf(payload: string) {
    return errorBodySchema.parse(JSON.parse(payload)).error;
  }

  it('answers unknown API addresses with a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await subject.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(response.payload).code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('answers unknown non-API addresses with a plain 404', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('hides the details of a server fault', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response.payload)).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
    expect(response.payload).not.toMatch(/ECONNREFUSED|10\.0\.0\.7|db\.js|stack/);
  });

  it('sends the customer message of an AppError, not its cause', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.payload)).toEqual({
      code: 'CONFLICT',
      message: 'The case changed in the meantime.',
    });
    expect(response.payload).not.toContain('version 3');
  });

  it('rejects malformed JSON with BAD_REQUEST', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.payload)).toEqual({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON.',
    });
  });

  it('rejects an empty JSON body with BAD_REQUEST', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.payload).code).toBe('BAD_REQUEST');
  });

  it('rejects a body over the limit with PAYLOAD_TOO_LARGE', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response.payload).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts a body just under the limit', async () => {
    const text = 'x'.repeat(BODY_LIMIT_BYTES - 100);
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { text },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ text });
  });

  it('rejects an unsupported content type with UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<contact/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.payload).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('reports contract validation problems per field', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/contact',
      payload: { email: 'not-an-address' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.payload)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      fields: { email: 'Enter a valid e-mail address.' },
    });
  });

  it('names nested fields by their path, one message each', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/contact',
      payload: { email: 'nope', contact: { phone: '1' }, count: '3' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.payload).fields).toEqual({
      email: 'Enter a valid e-mail address.',
      'contact.phone': 'Enter the full number.',
    });
  });

  it('explains a value of the wrong shape as a whole', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/contact',
      payload: ['not', 'an', 'object'],
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.payload);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/^The request is not valid: /);
    expect(error.fields).toEqual({});
  });

  it('answers with the parsed value, and only the fields its schema names', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/contact',
      payload: { email: 'a@b.example', count: '3', secret: 'never echoed' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'a@b.example', count: 3 });
  });
});

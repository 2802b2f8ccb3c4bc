import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch, isPermanentApiError } from './api-client';

const itemSchema = z.object({ id: z.string() });

function stubFetch(respond: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('returns the body parsed by the schema', async () => {
    stubFetch(async () => Response.json({ id: 'a', extra: true }));
    await expect(apiFetch('/api/items/a', { schema: itemSchema })).resolves.toEqual({ id: 'a' });
  });

  it('sends JSON bodies and the bearer token', async () => {
    const fetchMock = stubFetch(async () => Response.json({ id: 'b' }));
    await apiFetch('/api/items', {
      method: 'POST',
      body: { name: 'x' },
      schema: itemSchema,
      token: 'id-token',
    });

    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/items');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"x"}');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer id-token',
    });
  });

  it('throws the API error code, message and fields from the error body', async () => {
    stubFetch(async () =>
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the form',
            fields: { email: 'Enter an e-mail address' },
          },
        },
        { status: 400 },
      ),
    );
    const error = await caught(apiFetch('/api/items', { schema: itemSchema }));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form',
      fields: { email: 'Enter an e-mail address' },
    });
  });

  it('gives a stable code to answers without an error body', async () => {
    stubFetch(async () => new Response('<html>Not Found</html>', { status: 404 }));
    expect(await caught(apiFetch('/api/x', { schema: itemSchema }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });

    stubFetch(async () => new Response('Bad gateway', { status: 502 }));
    expect(await caught(apiFetch('/api/x', { schema: itemSchema }))).toMatchObject({
      status: 502,
      code: 'INTERNAL',
    });
  });

  it('reports a network failure and a body of the wrong shape', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await caught(apiFetch('/api/x', { schema: itemSchema }))).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });

    stubFetch(async () => Response.json({ id: 42 }));
    expect(await caught(apiFetch('/api/x', { schema: itemSchema }))).toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
    });
  });

  it('lets an abort by the caller through unchanged', async () => {
    const controller = new AbortController();
    stubFetch(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    controller.abort();
    await expect(
      apiFetch('/api/x', { schema: itemSchema, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('isPermanentApiError', () => {
  it('gives up on a refusal, not on a timeout, rate limiting, a server error or no answer', () => {
    const failure = (status: number) => new ApiError({ status, code: 'CONFLICT', message: 'x' });
    expect([400, 403, 404, 409].map((status) => isPermanentApiError(failure(status)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([0, 408, 429, 500, 503].map((status) => isPermanentApiError(failure(status)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isPermanentApiError(new Error('boom'))).toBe(false);
  });
});

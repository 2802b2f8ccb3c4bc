import type { ZodType } from 'zod';
import type { ErrorCode } from '@unban/contract/errors';
import { errorBodySchema, errorStatus } from '@unban/contract/errors';

// The error type lives apart so that screens can read errors without this module's schemas.
import { ApiError, fetchFailure, readJson } from './api-error';

export { ApiError, isPermanentApiError } from './api-error';
export type { ApiErrorCode, ClientErrorCode } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of `body` (the browser writes the boundary). */
  form?: FormData;
  /** The contract schema of the success body; the result is what it parses to. */
  schema: ZodType<T>;
  /** A Firebase ID token, sent as a Bearer token. */
  token?: string | null;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls the product's own API (`path` starts with `/api/`) and returns the body parsed by
 * `schema`. Every failure is an ApiError with the API's stable code, so screens branch on
 * `code` or `status`, never on message text.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T>): Promise<T> {
  const { method = 'GET', body, form, schema, token, signal } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined && form === undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw fetchFailure(error, signal);
  }

  const data = await readJson(response);

  if (!response.ok) throw errorFromResponse(response.status, data);

  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: 'The server sent an answer this page does not understand.',
    });
  }
  return parsed.data;
}

function errorFromResponse(status: number, data: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(data);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError({ status, code, message, fields });
  }
  return new ApiError({
    status,
    code: codeForStatus(status),
    message: `The server answered with HTTP ${status}.`,
  });
}

/**
 * For answers without our error body (a gateway, a proxy): the first code with that status.
 * VALIDATION_FAILED is skipped because it promises per-field messages that are not there.
 */
function codeForStatus(status: number): ErrorCode {
  const exact = (Object.keys(errorStatus) as ErrorCode[]).find(
    (code) => code !== 'VALIDATION_FAILED' && errorStatus[code] === status,
  );
  if (exact) return exact;
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

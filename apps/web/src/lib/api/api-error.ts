import type { ErrorCode } from '@unban/contract/errors';

// No runtime import from the contract here: screens on the first load (payment status) read
// errors through this class without the schema library.

/**
 * Codes the client adds to the API's own: the request never got an answer, or the answer did
 * not have the shape the contract promises.
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Per-field messages of a VALIDATION_FAILED answer (path → message). */
  readonly fields: Record<string, string> | undefined;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

/**
 * Asking again cannot help: the server refused the request itself (a 4xx), not for now.
 * Timeouts (408) and rate limiting (429) are not that.
 */
export function isPermanentApiError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** What a fetch that threw becomes: an abort (the caller's own doing) stays as it was. */
export function fetchFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return error;
  return new ApiError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: 'Could not reach the server. Check your connection and try again.',
  });
}

/** The JSON body of an answer, or undefined when it has none or it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

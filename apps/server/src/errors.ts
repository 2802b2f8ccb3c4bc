import { errorStatus } from '@unban/contract/errors';
import type { ErrorCode } from '@unban/contract/errors';

export interface AppErrorOptions {
  /** Per-field problems (VALIDATION_FAILED): field path → message shown beside the field. */
  fields?: Record<string, string>;
  /** What went wrong inside; logged, never sent to the client. */
  cause?: unknown;
}

/**
 * An error the API answers with on purpose. `message` is written for the customer and is
 * sent as is; anything internal belongs in `cause`, which only reaches the logs.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.fields = options.fields;
  }
}

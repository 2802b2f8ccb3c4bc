import { errorStatus } from '@unban/contract/errors';
import type { ErrorBody, ErrorCode } from '@unban/contract/errors';
import { AppError } from '../errors';

export interface ErrorResponse {
  statusCode: number;
  body: ErrorBody;
  /** A server fault (5xx): log it in full; the client only gets the generic message. */
  serverFault: boolean;
}

/** Messages for errors that do not bring a customer-facing message of their own. */
export const defaultErrorMessages: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'Some fields are not valid.',
  BAD_REQUEST: 'The request is not valid.',
  UNAUTHENTICATED: 'Sign in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  NOT_FOUND: 'Not found.',
  ROUTE_NOT_FOUND: 'There is no API endpoint at this address.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  CONFLICT: 'This changed in the meantime. Reload and try again.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported. Send JSON.',
  RATE_LIMITED: 'Too many requests. Wait a minute and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again in a moment.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again in a moment.',
};

function messageFor(code: ErrorCode): string {
  return defaultErrorMessages[code] ?? defaultErrorMessages.INTERNAL ?? 'Error.';
}

/** Fastify's own request errors, by their stable `code`. */
const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty but was sent as JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The request body does not match its Content-Length.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: messageFor('PAYLOAD_TOO_LARGE'),
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: messageFor('UNSUPPORTED_MEDIA_TYPE'),
  },
};

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface SchemaValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string };
}

function property(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

function build(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse {
  const statusCode = errorStatus[code];
  return {
    statusCode,
    body: { error: { code, message, ...(fields ? { fields } : {}) } },
    serverFault: statusCode >= 500,
  };
}

/**
 * A route's schema refused the request (Fastify's `validation`, with the zod issues of
 * fastify-type-provider-zod or JSON-schema errors): one message per field (`/a/b` → `a.b`),
 * the first problem of a field being the one to fix first, so forms can show each problem
 * next to its input. A problem with the value as a whole becomes the message.
 */
function validationFailure(issues: readonly SchemaValidationIssue[]): ErrorResponse {
  const fields: Record<string, string> = {};
  let rootProblem: string | undefined;
  for (const issue of issues) {
    const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
    if (issue.params?.missingProperty) segments.push(issue.params.missingProperty);
    const key = segments.join('.');
    if (!key) {
      rootProblem ??= issue.message;
      continue;
    }
    fields[key] ??= issue.message ?? 'is not valid';
  }
  const message = rootProblem
    ? `The request is not valid: ${rootProblem}`
    : messageFor('VALIDATION_FAILED');
  return build('VALIDATION_FAILED', message, fields);
}

/**
 * Maps anything a route or plugin throws to the API error body. Only AppErrors and known
 * client errors keep their meaning; everything else is an INTERNAL error whose details stay
 * in the logs.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) {
    const response = build(error.code, error.message, error.fields);
    // An AppError's message is written for customers, so even a 5xx one (e.g. a provider
    // being down) may be shown; an INTERNAL one never carries more than the generic text.
    if (error.code === 'INTERNAL') response.body.error.message = messageFor('INTERNAL');
    return response;
  }

  const validation = property(error, 'validation');
  if (Array.isArray(validation)) return validationFailure(validation as SchemaValidationIssue[]);

  const fastifyCode = property(error, 'code');
  const known = typeof fastifyCode === 'string' ? fastifyCodes[fastifyCode] : undefined;
  if (known) return build(known.code, known.message);

  const statusCode = property(error, 'statusCode');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const code = codeByStatus[statusCode] ?? 'BAD_REQUEST';
    return build(code, messageFor(code));
  }

  return build('INTERNAL', messageFor('INTERNAL'));
}

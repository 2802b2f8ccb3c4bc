import { stdSerializers } from 'pino';
import type { LoggerOptions } from 'pino';

/*
 * What the server's logs may contain. Logs go to collectors that many people read and that
 * keep data for months, so they carry no personal data and no secrets: query strings lose
 * their values (status tokens, the sandbox's signed session), authorization headers and
 * addresses are censored by pino's `redact`, and errors are logged without the values a
 * failed query carried (phone numbers, e-mails, ban texts).
 */

const CENSORED = '[redacted]';

/**
 * Keys that hold personal data or secrets wherever they appear in a log object (one level
 * deep too). pino's redact is path-based, so the names are listed, not guessed.
 */
const SENSITIVE_KEYS = [
  'to',
  'email',
  'toAddress',
  'contactEmail',
  'phone',
  'phoneNumber',
  'token',
  'statusToken',
  'checkoutUrl',
  'password',
  'authorization',
  'cookie',
  'banText',
];

export const redactPaths: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'req.headers["sandbox-signature"]',
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS,
  ...SENSITIVE_KEYS.map((key) => `*.${key}`),
];

/** A request address without its query values: `/x?token=[redacted]`. */
export function urlWithoutQueryValues(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0] ?? ''}=${CENSORED}`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: urlWithoutQueryValues(request.url ?? ''),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Quoted values and `(...)=(...)` key details in database messages. */
function withoutQuotedValues(message: string): string {
  return message
    .replace(/"[^"]*"/g, `"${CENSORED}"`)
    .replace(/'[^']*'/g, `'${CENSORED}'`)
    .replace(/=\([^)]*\)/g, `=(${CENSORED})`);
}

function isQueryError(error: object): error is Error & { query: string; params: unknown[] } {
  return (
    'query' in error &&
    typeof error.query === 'string' &&
    'params' in error &&
    Array.isArray(error.params)
  );
}

/** PostgreSQL's own errors (pg, PGlite) carry a SQLSTATE code and a severity. */
function isDatabaseError(error: object): error is Error & { code: string } {
  return 'severity' in error && 'code' in error && typeof error.code === 'string';
}

const DATABASE_DETAIL_KEYS = ['detail', 'where', 'hint', 'internalQuery', 'parameters'];

/** One error of the chain, stripped of query parameters and quoted values. */
function sanitizeError(error: unknown, depth: number): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  if (isQueryError(error) || isDatabaseError(error)) {
    const copy = Object.create(Object.getPrototypeOf(error) as object) as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(error)) {
      if (key === 'params' || DATABASE_DETAIL_KEYS.includes(key)) continue;
      copy[key] = (error as unknown as Record<string, unknown>)[key];
    }
    const message = isQueryError(error)
      ? `Failed query: ${error.query}`
      : withoutQuotedValues(error.message);
    copy['message'] = message;
    // The stack starts with the message (drizzle's carries a `params:` line): keep the frames.
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    copy['stack'] = [`${error.name}: ${message}`, ...frames].join('\n');
    copy['cause'] = sanitizeError(error.cause, depth + 1);
    return copy;
  }
  if (error.cause !== undefined) {
    const sanitizedCause = sanitizeError(error.cause, depth + 1);
    if (sanitizedCause !== error.cause) {
      const copy = Object.create(error) as Error;
      Object.defineProperty(copy, 'cause', { value: sanitizedCause, enumerable: false });
      return copy;
    }
  }
  return error;
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

/** pino's error serializer after the query parameters and quoted values are gone. */
export function serializeError(error: unknown): SerializedError {
  const sanitized = sanitizeError(error, 0);
  return stdSerializers.err(
    sanitized instanceof Error ? sanitized : new Error(`Non-error thrown: ${String(error)}`),
  );
}

/** The options every server logger starts from (a transport may be added by the caller). */
export function safeLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: CENSORED },
    serializers: { req: serializeRequest, err: serializeError },
  };
}

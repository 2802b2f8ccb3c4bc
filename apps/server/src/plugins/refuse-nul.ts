import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { isApiPath } from '../http/api-path';

/** The first place in `value` (a parsed body, query or params) holding a NUL character. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string')
    return value.includes('\u0000') ? path.join('.') || '(value)' : null;
  // Only parsed JSON and query objects: a raw body (a Buffer, the webhooks') is not text here.
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) !== Buffer.prototype
  ) {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Refuses text holding a NUL character (U+0000) anywhere in an API request's body, query or
 * parameters with 400 VALIDATION_FAILED, before any route sees it. JSON and URLs can carry it,
 * no person types it, and PostgreSQL cannot store it in text: it would fail deep in a query as
 * a 500 (found by `npm run fuzz` in an operator's note). One check for every route, present
 * and future, rather than one in each schema.
 */
export const refuseNulPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      // Pages (the payment-status document) answer a bad address with a page of their own.
      if (!isApiPath(request.url)) return;
      for (const part of [request.params, request.query, request.body]) {
        const field = findNul(part);
        if (field !== null) {
          throw new AppError('VALIDATION_FAILED', 'Text may not contain NUL characters.', {
            fields: { [field]: 'Remove the invisible NUL character from this text.' },
          });
        }
      }
    });
  },
  { name: 'refuse-nul', fastify: '5.x' },
);

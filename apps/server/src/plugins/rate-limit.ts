import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { isApiPath, isPaymentStatusPage } from '../http/api-path';
import { databaseRateLimitStore } from './rate-limit-store';

export interface RateLimitOptions {
  /** Requests per client IP per minute on /api. */
  perMinute: number;
  /**
   * Set: keep the counters in this database, shared by every instance on it (PostgreSQL
   * behind a load balancer). Unset: in this process (the embedded database has one server).
   */
  sharedIn?: Database;
}

/**
 * Limits API requests per client IP. Static files are not limited: a page load fetches
 * many of them and they cost nothing. The limit runs in `onRequest` on each route, before
 * the auth plugin reads the token (`preParsing`), so requests with a bad token are counted
 * too. Routes may set a limit of their own (`config.rateLimit`, the webhooks do).
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { perMinute, sharedIn }) => {
    const shared = sharedIn
      ? databaseRateLimitStore(sharedIn, (error) =>
          app.log.error({ err: error }, 'Could not write the rate-limit counters'),
        )
      : null;
    if (shared) app.addHook('onClose', () => shared.close());
    await app.register(rateLimit, {
      global: true,
      hook: 'onRequest',
      // The counters' headers go with the refusal only (with Retry-After), not with every
      // answer: no client of this API reads them, and three more headers on each answer were
      // part of what the hottest reads cost over their SQL (decision 012, 2026-12-08).
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      max: perMinute,
      timeWindow: 60_000,
      ...(shared ? { store: shared.Store } : {}),
      // The payment-status page reads the database (and may ask the provider) like the API.
      allowList: (request) => !isApiPath(request.url) && !isPaymentStatusPage(request.url),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
    });
  },
  { name: 'rate-limit', fastify: '5.x' },
);

import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { isApiPath } from '../http/api-path';

export interface RateLimitOptions {
  /** Requests per client IP per minute on /api. */
  perMinute: number;
}

/**
 * Limits API requests per client IP. Static files are not limited: a page load fetches
 * many of them and they cost nothing. The limit runs in `onRequest` on each route, before
 * the auth plugin reads the token (`preParsing`), so requests with a bad token are counted
 * too. Routes may set a limit of their own (`config.rateLimit`, the webhooks do). Counters
 * live in this process, so behind a load balancer each instance allows the full budget.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { perMinute }) => {
    await app.register(rateLimit, {
      global: true,
      hook: 'onRequest',
      max: perMinute,
      timeWindow: 60_000,
      allowList: (request) => !isApiPath(request.url),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
    });
  },
  { name: 'rate-limit', fastify: '5.x' },
);

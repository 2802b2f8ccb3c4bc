import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/**
 * How many new requests one caller may create. Each request opens a provider checkout and
 * an operator's queue entry, so a script must not be able to make thousands; a person
 * fixing a typo, or a family with several numbers, stays far below these.
 */
export interface CreateRequestQuota {
  perUserPerHour: number;
  /** Higher than per user: several people may share one address (office, mobile carrier). */
  perIpPerHour: number;
}

export const defaultCreateRequestQuota: CreateRequestQuota = {
  perUserPerHour: 10,
  perIpPerHour: 30,
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * Returns a check that counts one new request against the caller's uid and IP and throws
 * 429 RATE_LIMITED once either is spent. Separate from the global per-minute limit, which
 * the plugin applies to every API route (and which marks a request as limited already, so a
 * second route-level limiter would be skipped).
 */
export function createRequestQuotaCheck(
  app: FastifyInstance,
  quota: CreateRequestQuota,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limits = [
    app.createRateLimit({
      max: quota.perUserPerHour,
      timeWindow: HOUR_MS,
      // The route requires a user, so the uid is there; the IP only keeps the key defined.
      keyGenerator: (request) => `uid:${request.auth?.uid ?? request.ip}`,
    }),
    app.createRateLimit({
      max: quota.perIpPerHour,
      timeWindow: HOUR_MS,
      keyGenerator: (request) => `ip:${request.ip}`,
    }),
  ];
  return async (request, reply) => {
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(
          'RATE_LIMITED',
          `You have sent many requests in a short time. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or write to us in the chat.`,
        );
      }
    }
  };
}

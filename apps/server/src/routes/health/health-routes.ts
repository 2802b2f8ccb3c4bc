import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@unban/contract/health';
import type { HealthResponse } from '@unban/contract/health';
import { isDatabaseUp } from '../../services/health';

/** For load balancers and monitoring: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Limited like every API route: a probe every few seconds is far below the limit, and
      // each answer costs a database round trip, so it must not be free to flood.
      config: { guard: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Whether this instance and its database answer',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const databaseUp = await isDatabaseUp(app.db);
      const body: HealthResponse = {
        status: databaseUp ? 'ok' : 'degraded',
        database: databaseUp ? 'up' : 'down',
        uptimeSeconds: Math.floor(process.uptime()),
      };
      return reply
        .code(databaseUp ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

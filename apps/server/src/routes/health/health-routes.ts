import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse } from '@unban/contract/health';
import { pingDatabase } from '../../db/client';

/** For load balancers and monitoring: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    // Probes come often from one address; they must never be turned away as abuse.
    { config: { rateLimit: false } },
    async (_request, reply) => {
      const databaseUp = await pingDatabase(app.db);
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

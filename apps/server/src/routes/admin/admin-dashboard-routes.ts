import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema } from '@unban/contract/admin';
import { readDashboard } from '../../services/admin-dashboard';

/** The back office's numbers: counts and money, never personal data. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      config: { guard: 'operator' },
      schema: {
        tags: ['admin'],
        summary: 'Counts by case state, money taken and refunded, time to an outcome',
        response: { 200: dashboardResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readDashboard(app.db);
    },
  );
};

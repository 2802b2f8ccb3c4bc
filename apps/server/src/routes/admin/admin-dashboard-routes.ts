import type { FastifyPluginAsync } from 'fastify';
import type { DashboardResponse } from '@unban/contract/admin';
import { readDashboard } from '../../services/admin-dashboard';

/** The back office's numbers: counts and money, never personal data. */
export const adminDashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/dashboard', async (_request, reply): Promise<DashboardResponse> => {
    reply.header('cache-control', 'no-store');
    return readDashboard(app.db);
  });
};

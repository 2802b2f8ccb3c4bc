import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionSchema } from '@unban/contract/admin';
import type { AdminSession } from '@unban/contract/admin';
import { staffAuth } from './staff-auth';
import { adminAppealRoutes } from './admin-appeal-routes';
import { adminDashboardRoutes } from './admin-dashboard-routes';
import { adminEvidenceRoutes } from './admin-evidence-routes';
import { adminOperatorRoutes } from './admin-operator-routes';
import { adminPlaybookRoutes } from './admin-playbook-routes';
import { adminRequestRoutes } from './admin-request-routes';

/**
 * The back office's API (`/api/admin/...`). The whole folder is staff only: every route in
 * it must declare the `operator` or `admin` guard (checked here, when it is registered), and
 * the guard is checked against Firebase on each request, so a demoted or signed-out operator
 * loses access at once.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    const guard = route.config?.guard;
    if (guard !== 'operator' && guard !== 'admin') {
      throw new Error(`${route.url} is in the back office but its guard is ${String(guard)}`);
    }
  });

  // The back office calls this first, to confirm access before showing anything.
  app.get(
    '/admin/session',
    {
      config: { guard: 'operator' },
      schema: {
        tags: ['admin'],
        summary: 'Who the back office is talking to',
        response: { 200: adminSessionSchema },
      },
    },
    async (request, reply): Promise<AdminSession> => {
      const auth = staffAuth(request);
      reply.header('cache-control', 'no-store');
      return { uid: auth.uid, email: auth.email, role: auth.role };
    },
  );

  await app.register(adminRequestRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminOperatorRoutes);
  await app.register(adminEvidenceRoutes);
  await app.register(adminPlaybookRoutes);
  await app.register(adminAppealRoutes);
};

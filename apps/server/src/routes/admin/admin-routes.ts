import type { FastifyPluginAsync } from 'fastify';
import type { StaffRole } from '../../auth/auth-context';
import { AppError } from '../../errors';
import { requireRole } from '../../plugins/auth';
import { adminDashboardRoutes } from './admin-dashboard-routes';
import { adminOperatorRoutes } from './admin-operator-routes';
import { adminRequestRoutes } from './admin-request-routes';

/** Who the back office is talking to: it shows the e-mail and hides what the role cannot do. */
export interface AdminSession {
  uid: string;
  email: string | null;
  role: StaffRole;
}

/**
 * The back office's API (`/api/admin/...`). The whole folder is guarded once, here: every
 * route registered in this plugin needs at least an operator, checked against Firebase on
 * each request so a demoted or signed-out operator loses access at once.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireRole('operator'));

  // The back office calls this first, to confirm access before showing anything.
  app.get('/admin/session', async (request, reply) => {
    const { auth } = request;
    // The guard has run, so this is a staff member; the check keeps the types honest.
    if (auth === null || auth.role === 'customer') {
      throw new AppError('FORBIDDEN', 'Your account does not have access to this.');
    }
    const body: AdminSession = { uid: auth.uid, email: auth.email, role: auth.role };
    return reply.header('cache-control', 'no-store').send(body);
  });

  // Registered after the guard, so they inherit it; the operators' routes add the admin one.
  await app.register(adminRequestRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminOperatorRoutes);
};

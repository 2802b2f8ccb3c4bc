import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { grantRoleBodySchema } from '@unban/contract/admin';
import type { RoleChangeResponse } from '@unban/contract/admin';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { grantRole, revokeRole } from '../../auth/roles';
import { parseWith } from '../../http/parse-with';
import { requireRole } from '../../plugins/auth';

const emailParamsSchema = z.object({
  email: z.email('Enter a valid e-mail address.').transform((email) => email.toLowerCase()),
});

/**
 * Managing the staff: admins only (on top of the folder's operator guard). Roles live in
 * Firebase custom claims; a change revokes the user's sessions so it bites at once.
 */
export const adminOperatorRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireRole('admin'));

  const auth = () =>
    getFirebaseAuth({
      projectId: app.config.firebase.projectId,
      emulatorHost: app.config.firebase.authEmulatorHost,
    });

  app.post('/admin/operators', async (request): Promise<RoleChangeResponse> => {
    const body = parseWith(grantRoleBodySchema, request.body);
    return grantRole(auth(), body.email, body.role);
  });

  app.delete('/admin/operators/:email', async (request): Promise<RoleChangeResponse> => {
    const { email } = parseWith(emailParamsSchema, request.params);
    return revokeRole(auth(), email);
  });
};

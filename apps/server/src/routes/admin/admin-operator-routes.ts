import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  grantRoleBodySchema,
  operatorEmailParamsSchema,
  roleChangeResponseSchema,
} from '@unban/contract/admin';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { grantRole, revokeRole } from '../../auth/roles';

const tags = ['admin'];

/**
 * Managing the staff: admins only. Roles live in Firebase custom claims; a change revokes the
 * user's sessions and this instance forgets their verified tokens, so it bites at once here
 * (and within the revocation check's bound on other instances).
 */
export const adminOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = () =>
    getFirebaseAuth({
      projectId: app.config.firebase.projectId,
      emulatorHost: app.config.firebase.authEmulatorHost,
    });

  app.post(
    '/admin/operators',
    {
      config: { guard: 'admin', errors: ['NOT_FOUND', 'EMAIL_NOT_VERIFIED'] },
      schema: {
        tags,
        summary: 'Give a role to the account with this e-mail address',
        body: grantRoleBodySchema,
        response: { 200: roleChangeResponseSchema },
      },
    },
    async (request) => {
      const change = await grantRole(auth(), request.body.email, request.body.role);
      app.forgetVerifiedTokens(change.uid);
      return change;
    },
  );

  app.delete(
    '/admin/operators/:email',
    {
      config: { guard: 'admin', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'Take the staff role away from the account with this e-mail address',
        params: operatorEmailParamsSchema,
        response: { 200: roleChangeResponseSchema },
      },
    },
    async (request) => {
      const change = await revokeRole(auth(), request.params.email);
      app.forgetVerifiedTokens(change.uid);
      return change;
    },
  );
};

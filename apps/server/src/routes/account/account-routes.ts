import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataExportSchema,
  eraseDataBodySchema,
  eraseResponseSchema,
} from '@unban/contract/data-rights';
import type { AuthContext } from '../../auth/auth-context';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { AppError } from '../../errors';
import { eraseCustomerData } from '../../services/data-erasure';
import { exportCustomerData } from '../../services/data-export';

const tags = ['account'];

function signedIn(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.auth;
}

function isUserNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === 'auth/user-not-found'
  );
}

/** `/api/account/data`: the caller's right of access (export) and to erasure. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/data',
    {
      config: { guard: 'signed-in' },
      schema: {
        tags,
        summary: 'Everything we hold about the caller, as a JSON download',
        description:
          'Requests with their answers and timeline, payment attempts (no card data), screenshot metadata and the e-mails sent. Only the caller’s own.',
        response: { 200: dataExportSchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const data = await exportCustomerData(
        { db: app.db, publicUrl: app.config.publicUrl, identity: app.config.identity },
        auth,
      );
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="unban-desk-data-${day}.json"`)
        .send(data);
    },
  );

  app.delete(
    '/account/data',
    {
      config: {
        guard: 'signed-in',
        errors: ['FORBIDDEN', 'CASE_STILL_OPEN', 'SERVICE_UNAVAILABLE'],
      },
      schema: {
        tags,
        summary: "Erase the caller's personal data and sign-in account",
        description:
          'Refused with CASE_STILL_OPEN while any of their cases is open. Payment records are kept, anonymized, as the law requires.',
        body: eraseDataBodySchema,
        response: { 200: eraseResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const result = await eraseCustomerData(
        {
          db: app.db,
          store: app.evidenceStore,
          calendar: app.config.replyDeadlines.calendar,
          async deleteAccount(uid) {
            const firebase = getFirebaseAuth({
              projectId: app.config.firebase.projectId,
              emulatorHost: app.config.firebase.authEmulatorHost,
            });
            try {
              await firebase.deleteUser(uid);
            } catch (error) {
              if (!isUserNotFound(error)) throw error;
            }
            // This instance must not keep accepting the deleted account's cached tokens.
            app.forgetVerifiedTokens(uid);
          },
        },
        auth,
      );
      return reply.header('cache-control', 'no-store').send(result);
    },
  );
};

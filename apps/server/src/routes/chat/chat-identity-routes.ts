import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatIdentitySchema } from '@unban/contract/chat';
import { findRequestById, listOwnRequests } from '../../services/request-queries';

/** The provider's secure mode: an HMAC of the visitor's e-mail that only our server can make. */
export function chatIdentityHash(email: string, secureModeKey: string): string {
  return createHmac('sha256', secureModeKey).update(email).digest('hex');
}

/**
 * The signed-in customer's identity for the live-chat widget: their latest request's reference
 * and their sign-in e-mail (or the request's contact e-mail). Only an e-mail Firebase has
 * verified is signed with the secure-mode key: a contact address is whatever was typed into
 * the order form, and an unverified sign-up can use anyone's address, so signing either would
 * let a visitor appear to the chat's agents as that person.
 */
export const chatIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chat/identity',
    {
      config: { guard: 'signed-in' },
      schema: {
        tags: ['chat'],
        summary: "The signed-in customer's identity for the live-chat widget",
        response: { 200: chatIdentitySchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const [latest] = auth ? await listOwnRequests(app.db, auth.uid) : [];
      const verifiedEmail = auth?.emailVerified === true ? auth.email : null;
      const email =
        auth?.email ??
        (latest ? ((await findRequestById(app.db, latest.id))?.contactEmail ?? null) : null);
      const key = app.config.chatSecureModeKey;
      reply.header('cache-control', 'no-store');
      return {
        name: latest ? `Case ${latest.reference}` : null,
        email,
        reference: latest?.reference ?? null,
        hash: verifiedEmail !== null && key ? chatIdentityHash(verifiedEmail, key) : null,
      };
    },
  );
};

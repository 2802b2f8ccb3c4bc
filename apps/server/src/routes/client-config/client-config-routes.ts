import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '@unban/contract/client-config';

/**
 * The same configuration the server writes into index.html, for pages not served by this
 * server (the Vite dev server).
 */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client-config',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['site'],
        summary: "This deployment's browser configuration",
        response: { 200: clientConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.clientConfig;
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfig } from '@unban/contract/client-config';

/**
 * The same configuration the server writes into index.html, for pages not served by this
 * server (the Vite dev server).
 */
export const clientConfigRoutes: FastifyPluginAsync = async (app) => {
  app.get('/client-config', async (_request, reply) => {
    const body: ClientConfig = app.clientConfig;
    return reply.header('cache-control', 'no-cache').send(body);
  });
};

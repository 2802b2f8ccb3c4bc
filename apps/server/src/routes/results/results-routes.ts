import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resultsResponseSchema } from '@unban/contract/results';
import { cachedResults, readResults } from '../../services/public-results';

/** How long one computed answer is served, here and by a CDN in front (Cache-Control). */
export const RESULTS_CACHE_SECONDS = 300;

/**
 * `GET /api/results`: the public outcome figures, computed from the database (the results
 * screen, docs/decisions/019). Public and identical for everyone, so it is cached in this
 * process and may be cached by any shared cache for the same five minutes.
 */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = cachedResults(
    () => readResults(app.db, app.config.results),
    RESULTS_CACHE_SECONDS * 1000,
  );
  app.get(
    '/results',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Outcome figures of the recent period, per plan and overall',
        description:
          'Each figure is withheld ("not_enough_cases") while its sample is below the minimum.',
        response: { 200: resultsResponseSchema },
      },
    },
    async (_request, reply) => {
      const results = await read();
      reply.header(
        'cache-control',
        `public, max-age=${RESULTS_CACHE_SECONDS}, stale-while-revalidate=60`,
      );
      return results;
    },
  );
};

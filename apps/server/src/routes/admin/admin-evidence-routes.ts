import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  evidenceListSchema,
  evidenceParamsSchema,
  evidenceStoredTypes,
} from '@unban/contract/evidence';
import { adminRequestParamsSchema } from '@unban/contract/admin';
import { AppError } from '../../errors';
import { listEvidence, openEvidence } from '../../services/evidence';
import { findRequestById } from '../../services/request-queries';
import { sendEvidenceImage } from '../../http/send-evidence-image';

const tags = ['admin'];

const notFound = () => new AppError('NOT_FOUND', 'We could not find this request.');

/** The customer's screenshots of the ban, for the case view of the back office. */
export const adminEvidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/requests/:id/evidence',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: "The case's screenshots of the ban message",
        params: adminRequestParamsSchema,
        response: { 200: evidenceListSchema },
      },
    },
    async (request, reply) => {
      const row = await findRequestById(app.db, request.params.id);
      if (!row) throw notFound();
      reply.header('cache-control', 'no-store');
      return listEvidence(app.db, row.id);
    },
  );

  app.get(
    '/admin/requests/:id/evidence/:evidenceId',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'One screenshot of the case, as stored (re-encoded, without metadata)',
        produces: [...evidenceStoredTypes],
        params: evidenceParamsSchema,
        response: { 200: z.string().describe('The image: PNG, JPEG or WebP.') },
      },
    },
    async (request, reply) => {
      const row = await findRequestById(app.db, request.params.id);
      if (!row) throw notFound();
      const { contentType, object } = await openEvidence(
        { db: app.db, store: app.evidenceStore },
        row.id,
        request.params.evidenceId,
      );
      return sendEvidenceImage(reply, request.params.evidenceId, contentType, object);
    },
  );
};

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVIDENCE_FIELD,
  MAX_EVIDENCE_BYTES,
  MAX_EVIDENCE_FILES,
  evidenceListSchema,
  evidenceParamsSchema,
  evidenceQuerySchema,
  evidenceStoredTypes,
} from '@unban/contract/evidence';
import { requestIdParamsSchema } from '@unban/contract/requests';
import {
  addEvidence,
  listEvidence,
  limitReached,
  openEvidence,
  remainingEvidence,
} from '../../services/evidence';
import { requestForOwnerOrToken } from '../../services/evidence-access';
import { readEvidenceUploads } from './read-evidence-uploads';
import { sendEvidenceImage } from '../../http/send-evidence-image';

const tags = ['evidence'];

/** Uploads cost a decode each; a person attaches a few files, a few times. */
export const EVIDENCE_UPLOADS_PER_MINUTE = 10;

/**
 * `/api/requests/:id/evidence…`: the customer's screenshots of the ban, for the request's
 * owner or the holder of its status link (`?token=`). Staff read them through the back
 * office (routes/admin/admin-evidence-routes.ts).
 */
export const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only in this scope: no other route accepts multipart bodies. The limits here are the
  // ceiling; each upload narrows the file count to what its request can still take.
  await app.register(multipart, {
    limits: { fileSize: MAX_EVIDENCE_BYTES, files: MAX_EVIDENCE_FILES, fields: 0 },
    // A file over the limit is noticed by the reader (read-evidence-uploads.ts), which ends
    // the upload with its own code.
    throwFileSizeLimit: false,
  });

  app.post(
    '/requests/:id/evidence',
    {
      config: {
        guard: 'status-token-or-owner',
        errors: [
          'NOT_FOUND',
          'UNSUPPORTED_MEDIA_TYPE',
          'EVIDENCE_UNEXPECTED_FIELD',
          'EVIDENCE_UPLOAD_INCOMPLETE',
          'EVIDENCE_MISSING',
          'EVIDENCE_CASE_CLOSED',
          'EVIDENCE_TYPE_NOT_ALLOWED',
          'EVIDENCE_TOO_LARGE',
          'EVIDENCE_TOO_MANY_PIXELS',
          'EVIDENCE_LIMIT_REACHED',
          'EVIDENCE_UNREADABLE',
        ],
        rateLimit: { max: EVIDENCE_UPLOADS_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'Attach screenshots of the ban message (all or none)',
        description: `multipart/form-data with up to ${MAX_EVIDENCE_FILES} files in the field "${EVIDENCE_FIELD}" (fewer when the request already has some), each a PNG, JPEG, WebP or HEIC image of at most ${MAX_EVIDENCE_BYTES / 1024 / 1024} MB, recognised by its content. Each is re-encoded without metadata (HEIC becomes JPEG). The same file sent twice is kept once. Answers with the request's screenshots.`,
        consumes: ['multipart/form-data'],
        params: requestIdParamsSchema,
        querystring: evidenceQuerySchema,
        response: { 201: evidenceListSchema },
      },
    },
    async (request, reply) => {
      const row = await requestForOwnerOrToken(
        app.db,
        request.params.id,
        request.auth?.uid ?? null,
        request.query.token,
      );
      // Before reading a byte of the upload: a full request takes nothing more.
      const remaining = await remainingEvidence(app.db, row.id);
      if (remaining === 0) throw limitReached();
      const uploads = await readEvidenceUploads(request, reply, remaining);
      const list = await addEvidence(
        {
          db: app.db,
          store: app.evidenceStore,
          calendar: app.config.replyDeadlines.calendar,
        },
        {
          requestId: row.id,
          uploaderUid: request.auth?.uid === row.ownerUid ? row.ownerUid : null,
          uploads,
        },
      );
      return reply.code(201).header('cache-control', 'no-store').send(list);
    },
  );

  app.get(
    '/requests/:id/evidence',
    {
      config: { guard: 'status-token-or-owner', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: "The request's screenshots of the ban message",
        params: requestIdParamsSchema,
        querystring: evidenceQuerySchema,
        response: { 200: evidenceListSchema },
      },
    },
    async (request, reply) => {
      const row = await requestForOwnerOrToken(
        app.db,
        request.params.id,
        request.auth?.uid ?? null,
        request.query.token,
      );
      reply.header('cache-control', 'no-store');
      return listEvidence(app.db, row.id);
    },
  );

  app.get(
    '/requests/:id/evidence/:evidenceId',
    {
      config: { guard: 'status-token-or-owner', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'One screenshot, as stored (re-encoded, without metadata)',
        produces: [...evidenceStoredTypes],
        params: evidenceParamsSchema,
        querystring: evidenceQuerySchema,
        response: { 200: z.string().describe('The image: PNG, JPEG or WebP.') },
      },
    },
    async (request, reply) => {
      const row = await requestForOwnerOrToken(
        app.db,
        request.params.id,
        request.auth?.uid ?? null,
        request.query.token,
      );
      const { contentType, object } = await openEvidence(
        { db: app.db, store: app.evidenceStore },
        row.id,
        request.params.evidenceId,
      );
      return sendEvidenceImage(reply, request.params.evidenceId, contentType, object);
    },
  );
};

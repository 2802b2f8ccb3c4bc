import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  playbookKeyParamsSchema,
  playbookListSchema,
  playbookSchema,
  playbookVersionParamsSchema,
  savePlaybookBodySchema,
} from '@unban/contract/playbooks';
import {
  listPlaybooks,
  readCurrentPlaybook,
  readPlaybookVersion,
  savePlaybook,
} from '../../services/admin-playbooks';
import { staffAuth } from './staff-auth';

const tags = ['admin'];

/**
 * The appeal playbooks: operators read them to work a case, admins save new versions. A save
 * never changes an old version, so cases keep the version they started with.
 */
export const adminPlaybookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/playbooks',
    {
      config: { guard: 'operator' },
      schema: {
        tags,
        summary: 'The current version of every playbook',
        response: { 200: playbookListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPlaybooks(app.db);
    },
  );

  app.get(
    '/admin/playbooks/:app/:banType',
    {
      config: { guard: 'operator' },
      schema: {
        tags,
        summary: 'The current version of one playbook',
        params: playbookKeyParamsSchema,
        response: { 200: playbookSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readCurrentPlaybook(app.db, request.params);
    },
  );

  app.get(
    '/admin/playbooks/:app/:banType/versions/:version',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'One version of a playbook, old ones included',
        params: playbookVersionParamsSchema,
        response: { 200: playbookSchema },
      },
    },
    async (request, reply) => {
      const { version, ...key } = request.params;
      reply.header('cache-control', 'no-store');
      return readPlaybookVersion(app.db, key, version);
    },
  );

  app.put(
    '/admin/playbooks/:app/:banType',
    {
      config: { guard: 'admin', errors: ['UNKNOWN_PLACEHOLDER', 'CONFLICT'] },
      schema: {
        tags,
        summary: 'Save a new version of a playbook',
        description:
          'Refused with UNKNOWN_PLACEHOLDER, naming it, when a template uses a placeholder outside the vocabulary; with CONFLICT when another version was saved since expectedVersion.',
        params: playbookKeyParamsSchema,
        body: savePlaybookBodySchema,
        response: { 200: playbookSchema },
      },
    },
    async (request) => {
      const auth = staffAuth(request);
      return savePlaybook(app.db, request.params, request.body, auth.uid);
    },
  );
};

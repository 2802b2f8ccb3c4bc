import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealParamsSchema,
  appealWorkbenchSchema,
  pasteReplyBodySchema,
  platformReplyParamsSchema,
  replyOutcomeBodySchema,
  submitAppealBodySchema,
} from '@unban/contract/appeals';
import type { AppealWorkbench } from '@unban/contract/appeals';
import { requestOwnerReviewBodySchema } from '@unban/contract/owner-review';
import { submitAppeal } from '../../services/appeal-submission';
import { askOwnerReview } from '../../services/owner-review';
import { readAppealWorkbench } from '../../services/appeal-workbench';
import { decidePlatformReply, pastePlatformReply } from '../../services/platform-replies';
import { staffAuth } from './staff-auth';

const tags = ['admin', 'appeals'];

/**
 * The appeal workbench of a case (issue 14 points 3 and 5): drafts from the case's playbook
 * version, appeals and follow-ups sent or recorded, the platform's replies and their
 * outcome. Every action answers with the workbench as it is now.
 */
export const adminAppealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const workbench = (id: string): Promise<AppealWorkbench> =>
    readAppealWorkbench(app.db, id, app.config.appealMail ? 'case-address' : 'support-address');

  app.get(
    '/admin/requests/:id/appeals',
    {
      config: { guard: 'operator', errors: ['NOT_FOUND'] },
      schema: {
        tags,
        summary: 'The appeal workbench: channels with drafts, appeals, platform replies',
        params: appealParamsSchema,
        response: { 200: appealWorkbenchSchema },
      },
    },
    async (request) => workbench(request.params.id),
  );

  app.post(
    '/admin/requests/:id/appeals',
    {
      config: {
        guard: 'operator',
        errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
      },
      schema: {
        tags,
        summary: 'Send an appeal or follow-up by e-mail, or record one submitted elsewhere',
        description:
          'Sent appeals go through the e-mail outbox to the channel’s address, from MAIL_FROM, with the case’s reply-to address. A case in review moves to appeal submitted in the same transaction.',
        params: appealParamsSchema,
        body: submitAppealBodySchema,
        response: { 200: appealWorkbenchSchema },
      },
    },
    async (request) => {
      const { uid } = staffAuth(request);
      await submitAppeal(app, { ...request.body, requestId: request.params.id, operatorUid: uid });
      return workbench(request.params.id);
    },
  );

  app.post(
    '/admin/requests/:id/owner-review',
    {
      config: {
        guard: 'operator',
        errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'OWNER_REVIEW_OPEN'],
      },
      schema: {
        tags,
        summary: 'Ask the owner to send the app’s in-app review themselves',
        description:
          'The in-app review needs the SMS code on the owner’s phone, which we never ask for. Records the request, tells the customer on their timeline and by e-mail with the steps for their phone; their confirmation is recorded as the appeal through this channel.',
        params: appealParamsSchema,
        body: requestOwnerReviewBodySchema,
        response: { 200: appealWorkbenchSchema },
      },
    },
    async (request) => {
      const { uid } = staffAuth(request);
      await askOwnerReview(app, {
        ...request.body,
        requestId: request.params.id,
        operatorUid: uid,
      });
      return workbench(request.params.id);
    },
  );

  app.post(
    '/admin/requests/:id/platform-replies',
    {
      config: {
        guard: 'operator',
        errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'APPEAL_REQUIRED'],
      },
      schema: {
        tags,
        summary: 'Record a reply of the platform, pasted, with its outcome',
        description:
          'restored moves the case to unbanned, ban_kept to denied (refunded in full automatically), other only records it.',
        params: appealParamsSchema,
        body: pasteReplyBodySchema,
        response: { 200: appealWorkbenchSchema },
      },
    },
    async (request) => {
      const { uid } = staffAuth(request);
      await pastePlatformReply(app, {
        ...request.body,
        requestId: request.params.id,
        operatorUid: uid,
      });
      return workbench(request.params.id);
    },
  );

  app.post(
    '/admin/requests/:id/platform-replies/:replyId/outcome',
    {
      config: {
        guard: 'operator',
        errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
      },
      schema: {
        tags,
        summary: 'Decide the outcome of a reply received by e-mail',
        params: platformReplyParamsSchema,
        body: replyOutcomeBodySchema,
        response: { 200: appealWorkbenchSchema },
      },
    },
    async (request) => {
      const { uid } = staffAuth(request);
      await decidePlatformReply(app, {
        ...request.body,
        requestId: request.params.id,
        replyId: request.params.replyId,
        operatorUid: uid,
      });
      return workbench(request.params.id);
    },
  );
};

import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboundEmailAckSchema } from '@unban/contract/appeals';
import { AppError } from '../../errors';
import { receiveInboundEmail } from '../../services/platform-replies';

/** Mailgun's forwarded messages with their text; attachments are not read (see below). */
const INBOUND_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * Per sending address: Mailgun posts from a few addresses, and platforms answer a handful of
 * appeals a day. Far below the general limit's reach for anyone else, and a refused post is
 * delivered again by Mailgun later.
 */
export const INBOUND_RATE_LIMIT_PER_MINUTE = 120;

const field = (max: number) => z.string().max(max);

/** The fields of Mailgun's "forward to URL" post that we read; the others are ignored. */
const inboundEmailBodySchema = z.object({
  recipient: field(2000).min(1),
  sender: field(1000),
  from: field(1000).optional(),
  subject: field(2000).optional(),
  'body-plain': field(1_000_000),
  'stripped-text': field(1_000_000).optional(),
  timestamp: field(20).min(1),
  token: field(200).min(1),
  signature: field(200).min(1),
});

/**
 * The text fields of a multipart post; files are drained unread. A body that is not the
 * multipart it claims to be (no boundary, a part cut off, no closing delimiter) is the
 * sender's mistake: busboy reports it as a plain Error, which would otherwise be a 500.
 * The plugin's own refusals (limits, prototype keys) keep their status.
 */
async function readMultipartFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields = new Map<string, unknown>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      const earlier = fields.get(part.fieldname);
      // A repeated field becomes a list, which the body schema then refuses as ambiguous.
      fields.set(part.fieldname, earlier === undefined ? part.value : [earlier, part.value].flat());
    }
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'statusCode' in error) throw error;
    throw new AppError('BAD_REQUEST', 'The request body is not valid multipart form data.', {
      cause: error,
    });
  }
  return Object.fromEntries(fields);
}

/**
 * `POST /api/inbound-email/mailgun`: the platform's answers to appeals, sent to a case's
 * reply-to address and forwarded by a Mailgun route (`forward("https://…/api/inbound-email/
 * mailgun")`). No sign-in: the signature of the post under INBOUND_EMAIL_SIGNING_KEY is the
 * authentication, with a 15-minute timestamp window and each token accepted once.
 */
export const inboundEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mailgun posts a form: urlencoded, or multipart when the message has attachments. Only
  // this scope accepts them; the files are drained unread (a reply's text is what we keep).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  await app.register(multipart, {
    limits: { fieldSize: 1_000_000, fields: 200, files: 20, fileSize: INBOUND_BODY_LIMIT_BYTES },
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipartFields(request);
  });

  app.post(
    '/inbound-email/mailgun',
    {
      bodyLimit: INBOUND_BODY_LIMIT_BYTES,
      config: {
        guard: 'webhook-signature',
        errors: ['INBOUND_EMAIL_DISABLED', 'INBOUND_SIGNATURE_INVALID', 'INBOUND_REPLAYED'],
        rateLimit: { max: INBOUND_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags: ['webhooks', 'appeals'],
        summary: "A platform's e-mail reply to an appeal, forwarded by Mailgun",
        description:
          "Mailgun's routes/forward format (application/x-www-form-urlencoded, or multipart/form-data with attachments, which are not kept). Verified: signature = hex HMAC-SHA256 of timestamp + token under INBOUND_EMAIL_SIGNING_KEY, timestamp within 15 minutes, each token once (406 for a replay, so Mailgun stops). A verified message to an address that is no case is answered 200 and logged.",
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        body: inboundEmailBodySchema,
        response: { 200: inboundEmailAckSchema },
      },
    },
    async (request) => {
      const outcome = await receiveInboundEmail(
        {
          db: app.db,
          appealMail: app.config.appealMail,
          calendar: app.config.replyDeadlines.calendar,
          log: request.log,
        },
        request.body,
      );
      return { received: true as const, outcome };
    },
  );
};

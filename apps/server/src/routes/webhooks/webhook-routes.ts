import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookAckSchema } from '@unban/contract/webhooks';
import { AppError } from '../../errors';

/** Stripe's events are a few kilobytes; 1 MiB leaves room without inviting abuse. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * `POST /webhooks/stripe` or `POST /webhooks/sandbox` (whichever provider is configured;
 * the other address does not exist, so the sandbox's public default secret can never
 * mark a Stripe-backed order paid). No sign-in: the signature over the raw body is the
 * authentication, so this scope keeps bodies as raw bytes instead of parsing JSON.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    `/webhooks/${app.payments.provider.name}`,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      config: {
        guard: 'webhook-signature',
        errors: ['PAYLOAD_TOO_LARGE', 'SERVICE_UNAVAILABLE'],
        // Deliveries come in bursts from a few provider addresses, so a limit of their own,
        // far above the general one; a refused delivery is retried by the provider later.
        rateLimit: { max: app.config.webhookRateLimitPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['webhooks'],
        summary: "The payment provider's events",
        description:
          "The body is the provider's signed event, read as raw bytes: its signature, not a schema, says it is genuine. Each event is stored once and treated as a pointer: the session is read again from the provider before anything changes. 503 makes the provider deliver it again later.",
        response: { 200: webhookAckSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('BAD_REQUEST', 'The webhook has no body.');
      }
      const outcome = await app.payments.handleWebhook(request.body, request.headers);
      return { received: true as const, outcome };
    },
  );
};

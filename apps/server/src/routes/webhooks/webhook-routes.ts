import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { InvalidWebhookError, PaymentProviderError } from '../../payments/provider';

/** Stripe's events are a few kilobytes; 1 MiB leaves room without inviting abuse. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * `POST /webhooks/stripe` or `POST /webhooks/sandbox` (whichever provider is configured;
 * the other address does not exist, so the sandbox's public default secret can never
 * mark a Stripe-backed order paid). No sign-in: the signature over the raw body is the
 * authentication, so this scope keeps bodies as raw bytes instead of parsing JSON.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  const handle = async (request: FastifyRequest) => {
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError('BAD_REQUEST', 'The webhook has no body.');
    }
    try {
      const outcome = await app.payments.handleWebhook(request.body, request.headers);
      return { received: true, outcome };
    } catch (error) {
      if (error instanceof InvalidWebhookError) {
        throw new AppError('BAD_REQUEST', 'The webhook signature is not valid.', { cause: error });
      }
      if (error instanceof PaymentProviderError) {
        // 5xx makes the provider deliver the event again later.
        throw new AppError('SERVICE_UNAVAILABLE', 'The event cannot be processed right now.', {
          cause: error,
        });
      }
      throw error;
    }
  };

  app.post(
    `/webhooks/${app.payments.provider.name}`,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      // Deliveries come in bursts from a few provider addresses; each is signature-checked
      // before any database work, and a refused one would only be retried.
      config: { rateLimit: false },
    },
    handle,
  );
};

import { z } from 'zod';
import type { VerifiedWebhookEvent, WebhookObject } from './provider';
import { InvalidWebhookError } from './provider';

/**
 * The event types the server acts on (DESIGN.md section 7); both providers use Stripe's
 * names. Anything else is acknowledged, stored and ignored, so a provider that sends more
 * than we subscribed to never sees errors and never retries.
 */
export const handledEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
] as const;
export type HandledEventType = (typeof handledEventTypes)[number];

export function isHandledEventType(type: string): type is HandledEventType {
  return (handledEventTypes as readonly string[]).includes(type);
}

// Only what routing needs: which object the event points at. The rest of the body is kept
// for people to read and never trusted.
const eventEnvelopeSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({
    object: z.looseObject({
      id: z.string().min(1).max(255).optional(),
      object: z.string().optional(),
    }),
  }),
});

function objectOf(type: string, object: { id?: string | undefined; object?: string | undefined }) {
  const id = object.id ?? null;
  if (
    id !== null &&
    (object.object === 'checkout.session' || type.startsWith('checkout.session.'))
  ) {
    return { kind: 'checkout_session', id } satisfies WebhookObject;
  }
  if (id !== null && (object.object === 'charge' || type.startsWith('charge.'))) {
    return { kind: 'charge', id } satisfies WebhookObject;
  }
  return { kind: 'other', id } satisfies WebhookObject;
}

/**
 * Reads an event body whose signature has already been checked.
 * @throws InvalidWebhookError when it is not an event at all (a signed body that is not
 *   JSON cannot come from the provider either)
 */
export function parseWebhookEvent(rawBody: Buffer | string): VerifiedWebhookEvent {
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString());
  } catch (error) {
    throw new InvalidWebhookError('The webhook body is not JSON.', { cause: error });
  }
  const envelope = eventEnvelopeSchema.safeParse(payload);
  if (!envelope.success) {
    throw new InvalidWebhookError('The webhook body is not an event.', {
      cause: envelope.error,
    });
  }
  const { id, type, data } = envelope.data;
  return { id, type, object: objectOf(type, data.object), payload };
}

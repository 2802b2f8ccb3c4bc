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

// Only what routing needs: which object the event points at. The rest of the body is never
// trusted, and only `eventRecord` of it is kept.
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

/** The fields of an event's object worth keeping: references, amounts and statuses. */
const RECORDED_OBJECT_FIELDS = [
  'id',
  'object',
  'payment_intent',
  'amount',
  'amount_total',
  'amount_refunded',
  'currency',
  'status',
  'payment_status',
] as const;

/**
 * What is stored of an event: its id and type and its object's ids, amounts and statuses.
 * A whole Stripe event carries the payer's name, e-mail, address and card details (brand,
 * last4, expiry, fingerprint); the state machine needs none of them, since every event is
 * only a pointer and the session is read again (docs/decisions/004), and the privacy page
 * promises that card details are never stored.
 */
export function eventRecord(
  id: string,
  type: string,
  object: Record<string, unknown>,
  alsoKeep: readonly string[] = [],
) {
  const kept: Record<string, unknown> = {};
  for (const field of [...RECORDED_OBJECT_FIELDS, ...alsoKeep]) {
    const value = object[field];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      kept[field] = value;
    } else if (field === 'payment_intent' && isObjectWithId(value)) {
      // An expanded object: keep its reference only.
      kept[field] = value.id;
    } else if (field === 'metadata' && typeof value === 'object' && value !== null) {
      // Our own references (payment id, case reference), written when the session was opened.
      kept[field] = Object.fromEntries(
        Object.entries(value).filter(([, entry]) => typeof entry === 'string'),
      );
    }
  }
  return { id, type, data: { object: kept } };
}

function isObjectWithId(value: unknown): value is { id: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof (value as { id: unknown }).id === 'string'
  );
}

/**
 * Reads an event body whose signature has already been checked.
 * @throws InvalidWebhookError when it is not an event at all (a signed body that is not
 *   JSON cannot come from the provider either)
 */
export function parseWebhookEvent(
  rawBody: Buffer | string,
  /** Fields of the event object a provider needs to keep beyond the standard ones. */
  alsoKeep: readonly string[] = [],
): VerifiedWebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString());
  } catch (error) {
    throw new InvalidWebhookError('The webhook body is not JSON.', { cause: error });
  }
  const envelope = eventEnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    throw new InvalidWebhookError('The webhook body is not an event.', {
      cause: envelope.error,
    });
  }
  const { id, type, data } = envelope.data;
  return {
    id,
    type,
    object: objectOf(type, data.object),
    payload: eventRecord(id, type, data.object, alsoKeep),
  };
}

import type { SupportedLocale } from '@unban/contract/locale-tags';
import type { PaymentProviderName } from '../../config/env';

/*
 * What the server needs from a payment provider. Two implementations: stripe.ts (Stripe
 * Checkout) and sandbox.ts (the embedded default). Everything above this interface, the
 * webhook handler included, is the same for both.
 */

export interface CheckoutSessionInput {
  /** Our payments row id; travels in the session's metadata and comes back with events. */
  paymentId: string;
  /** The case reference the customer sees (UB-…). */
  reference: string;
  /** Set by the server from the request's price; never from the client. */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  productName: string;
  /** Pre-fills the provider's page and receipt; null when the provider should ask. */
  customerEmail: string | null;
  /** The customer's language (the request's): the hosted page speaks it where it can. */
  locale: SupportedLocale;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** The hosted page the customer is sent to. */
  url: string;
}

export type SessionStatus = 'open' | 'complete' | 'expired';
export type SessionPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

/**
 * The provider's current truth about one checkout session, read from the provider itself
 * (never from a webhook body: an event only says "look again").
 */
export interface ProviderSession {
  sessionId: string;
  status: SessionStatus;
  paymentStatus: SessionPaymentStatus;
  /**
   * The customer submitted a delayed payment (e.g. a bank debit) and it was refused. Stripe
   * shows this on the payment intent, not on the session (which stays complete + unpaid).
   */
  paymentFailed: boolean;
  paymentIntentId: string | null;
  /** Minor units; null while the provider has not computed it. */
  amountTotal: number | null;
  /** ISO 4217, upper case; null while unknown. */
  currency: string | null;
  /** Minor units the provider reports as refunded so far. */
  amountRefunded: number;
  metadata: Readonly<Record<string, string>>;
}

export interface RefundInput {
  paymentIntentId: string;
  amountMinor: number;
  /** The payment's currency (ISO 4217): the provider may count its amounts in other units. */
  currency: string;
  /** The same key for every try of one refund, so a retry never refunds twice. */
  idempotencyKey: string;
  reason: 'duplicate' | 'requested_by_customer';
  /** Our payments row id, kept with the refund at the provider for support staff. */
  paymentId: string;
}

export interface RefundResult {
  refundId: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
}

/** What a webhook event points at. */
export type WebhookObject =
  | { kind: 'checkout_session'; id: string }
  | { kind: 'charge'; id: string }
  | { kind: 'other'; id: string | null };

export interface VerifiedWebhookEvent {
  /** The provider's event id (unique; the inbox key). */
  id: string;
  type: string;
  object: WebhookObject;
  /**
   * What the inbox stores of the body (webhook-event.ts `eventRecord`): ids, type, amounts
   * and statuses, never the payer's or card details. Never used to decide anything.
   */
  payload: unknown;
}

export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<ProviderSession>;
  /** The checkout session a charge was paid through; null when it is not one of ours. */
  sessionIdForCharge(chargeId: string): Promise<string | null>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Checks the signature over the raw body exactly as received.
   * @throws InvalidWebhookError when the signature is missing, wrong or too old
   */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): VerifiedWebhookEvent;
}

/** A webhook that does not prove it came from the provider (bad or missing signature, not an event). */
export class InvalidWebhookError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidWebhookError';
  }
}

/** The provider could not be reached or refused a call; worth retrying later. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** One header value, as Node gives them (repeated headers come as arrays). */
export function singleHeader(headers: WebhookHeaders, name: string): string | null {
  const value = headers[name];
  if (typeof value === 'string') return value;
  return null;
}

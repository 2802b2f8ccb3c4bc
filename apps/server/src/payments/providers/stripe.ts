import Stripe from 'stripe';
import { fromStripeAmount, stripeAmount } from '@unban/contract/currencies';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import type {
  CheckoutSession,
  CheckoutSessionInput,
  PaymentProvider,
  ProviderSession,
  RefundInput,
  RefundResult,
  SessionPaymentStatus,
  SessionStatus,
  VerifiedWebhookEvent,
  WebhookHeaders,
} from './provider';
import { InvalidWebhookError, PaymentProviderError, singleHeader } from './provider';
import { parseWebhookEvent } from './webhook-event';

/*
 * Stripe Checkout. The server creates a hosted Checkout Session at the request's price and
 * learns the outcome from webhooks, each treated as a pointer: the session (with its payment
 * intent and charge) is read back from Stripe before anything is decided.
 */

/**
 * Pinned so Stripe's answers keep the shape this file was written against; moving to a new
 * version is a deliberate change (and the SDK's types only describe this one).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/**
 * Stripe allows 30 minutes to 24 hours; long, because a customer may leave the tab and come
 * back later today, and an hour short of the limit so a clock a little ahead of Stripe's
 * is not refused.
 */
const SESSION_LIFETIME_SECONDS = 23 * 60 * 60;

/**
 * The language Stripe Checkout is shown in, for each of ours, from the SDK's list of Checkout
 * locales: Hindi is India's (`hi-IN`); Checkout has no Arabic, so it follows the customer's
 * browser there (`auto`). Our Spanish is neutral, so Stripe's `es` rather than `es-419`.
 */
export const stripeCheckoutLocales = {
  en: 'en',
  es: 'es',
  'pt-BR': 'pt-BR',
  hi: 'hi-IN',
  id: 'id',
  ar: 'auto',
} as const satisfies Record<SupportedLocale, Stripe.Checkout.SessionCreateParams.Locale>;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local fake in tests); null for Stripe's own. */
  apiBase: string | null;
}

function connection(
  apiBase: string | null,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiBase === null) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

// Stripe's types allow values newer than the pinned version; those count as "not yet".
function sessionStatus(status: string | null): SessionStatus {
  return status === 'complete' || status === 'expired' ? status : 'open';
}

function sessionPaymentStatus(status: string): SessionPaymentStatus {
  return status === 'paid' || status === 'no_payment_required' ? status : 'unpaid';
}

/** Network trouble and Stripe's own faults are worth retrying; our mistakes are not. */
function providerError(action: string, error: unknown): Error {
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError(
      `Stripe could not ${action}: ${error.type} ${error.code ?? ''}`.trim(),
      {
        cause: error,
      },
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // A webhook or a customer waits on these calls: fail fast and let them retry.
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
    ...connection(options.apiBase),
  });

  async function createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const metadata = { paymentId: input.paymentId, reference: input.reference };
    try {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                // Stripe counts some currencies in other units than ours (IDR in hundredths).
                unit_amount: stripeAmount(input.amountMinor, input.currency),
                product_data: { name: input.productName },
              },
            },
          ],
          client_reference_id: input.reference,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          locale: stripeCheckoutLocales[input.locale],
          metadata,
          // On the payment intent (and so its charge) too, for support staff in the dashboard.
          payment_intent_data: { metadata, description: `${input.productName} ${input.reference}` },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_SECONDS,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    } catch (error) {
      throw providerError('create a checkout session', error);
    }
  }

  async function paymentIntentOf(
    value: string | Stripe.PaymentIntent | null,
  ): Promise<Stripe.PaymentIntent | null> {
    if (value === null) return null;
    if (typeof value !== 'string') return value;
    return stripe.paymentIntents.retrieve(value, { expand: ['latest_charge'] });
  }

  async function chargeOf(intent: Stripe.PaymentIntent | null): Promise<Stripe.Charge | null> {
    const charge = intent?.latest_charge ?? null;
    if (charge === null) return null;
    if (typeof charge !== 'string') return charge;
    return stripe.charges.retrieve(charge);
  }

  async function retrieveSession(sessionId: string): Promise<ProviderSession> {
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['payment_intent.latest_charge'],
      });
      const intent = await paymentIntentOf(session.payment_intent);
      const charge = await chargeOf(intent);
      const status = sessionStatus(session.status);
      return {
        sessionId: session.id,
        status,
        paymentStatus: sessionPaymentStatus(session.payment_status),
        // A delayed payment that failed leaves the session complete + unpaid; its intent
        // then asks for another payment method (or was canceled).
        paymentFailed:
          status === 'complete' &&
          session.payment_status === 'unpaid' &&
          (intent?.status === 'requires_payment_method' || intent?.status === 'canceled'),
        paymentIntentId: intent?.id ?? idOf(session.payment_intent),
        amountTotal:
          session.amount_total === null || !session.currency
            ? session.amount_total
            : fromStripeAmount(session.amount_total, session.currency.toUpperCase()),
        currency: session.currency ? session.currency.toUpperCase() : null,
        amountRefunded:
          charge && session.currency
            ? fromStripeAmount(charge.amount_refunded, session.currency.toUpperCase())
            : 0,
        metadata: session.metadata ?? {},
      };
    } catch (error) {
      throw providerError('read a checkout session', error);
    }
  }

  async function sessionIdForCharge(chargeId: string): Promise<string | null> {
    try {
      const charge = await stripe.charges.retrieve(chargeId);
      const intentId = idOf(charge.payment_intent);
      if (intentId === null) return null;
      const sessions = await stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 });
      return sessions.data[0]?.id ?? null;
    } catch (error) {
      throw providerError('find the session of a charge', error);
    }
  }

  async function refund(input: RefundInput): Promise<RefundResult> {
    try {
      const created = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: stripeAmount(input.amountMinor, input.currency),
          reason: input.reason,
          metadata: { paymentId: input.paymentId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const status = created.status ?? 'pending';
      return {
        refundId: created.id,
        status:
          status === 'succeeded' ||
          status === 'failed' ||
          status === 'canceled' ||
          status === 'requires_action'
            ? status
            : 'pending',
      };
    } catch (error) {
      // Idempotency keys last 24 hours; a retry after that meets the finished refund.
      if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') {
        return { refundId: 'already_refunded', status: 'succeeded' };
      }
      throw providerError('create a refund', error);
    }
  }

  function verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): VerifiedWebhookEvent {
    const signature = singleHeader(headers, 'stripe-signature');
    if (!signature) throw new InvalidWebhookError('The webhook has no Stripe-Signature header.');
    try {
      stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    } catch (error) {
      throw new InvalidWebhookError('The Stripe webhook signature is not valid.', { cause: error });
    }
    return parseWebhookEvent(rawBody);
  }

  return {
    name: 'stripe',
    createCheckoutSession,
    retrieveSession,
    sessionIdForCharge,
    refund,
    verifyWebhook,
  };
}

import { eq } from 'drizzle-orm';
import { planIdSchema } from '@unban/contract/plan-id';
import { documentUrl, paths } from '@unban/contract/paths';
import type { SiteIdentity } from '@unban/contract/site-config';
import { newId } from '../domain/random-pool';
import { payments } from '../db/schema';
import type { RequestRow } from '../db/schema';
import { AppError } from '../errors';
import { syncRequestPaymentState } from './records';
import type { Executor } from './records';
import type { CheckoutSession } from './providers/provider';
import type { PaymentServiceDeps } from './service-deps';

export interface StartCheckoutInput {
  request: RequestRow;
  /** Goes into the return address so the status screen can read the order; null: sign-in instead. */
  statusToken: string | null;
}

export interface StartedCheckout {
  checkoutUrl: string;
  paymentId: string;
}

function productName(identity: Pick<SiteIdentity, 'appName' | 'plans'>, plan: string): string {
  const parsed = planIdSchema.safeParse(plan);
  const planName = parsed.success ? ` (${identity.plans[parsed.data].name})` : '';
  return `${identity.appName} unban request${planName}`;
}

/** What a checkout session is opened for: the order as it was placed. */
export type CheckoutOrder = Pick<
  RequestRow,
  'id' | 'reference' | 'priceAmount' | 'currency' | 'plan' | 'contactEmail' | 'locale'
>;

/**
 * Asks the provider for a checkout session at the request's price (copied from its plan
 * when the order was placed, so a retry charges what the customer agreed to), with a
 * payment id chosen by the caller. Call it outside any transaction: it may take seconds.
 * @throws AppError SERVICE_UNAVAILABLE when the provider cannot open the checkout
 */
export async function openProviderSession(
  deps: PaymentServiceDeps,
  request: CheckoutOrder,
  statusToken: string | null,
  paymentId: string,
): Promise<CheckoutSession> {
  // The provider sends the customer back to the payment-status screen, paid or not, in the
  // language they ordered in (`/es/payment-status?…`; English at `/payment-status?…`).
  const order = request.reference;
  const returnUrl = documentUrl(
    deps.publicUrl,
    paths.paymentStatus.to({ order, token: statusToken }),
    request.locale,
  );
  try {
    return await deps.provider.createCheckoutSession({
      paymentId,
      reference: request.reference,
      amountMinor: request.priceAmount,
      currency: request.currency,
      productName: productName(deps.identity, request.plan),
      customerEmail: request.contactEmail,
      locale: request.locale,
      successUrl: returnUrl,
      cancelUrl: documentUrl(
        deps.publicUrl,
        paths.paymentStatus.to({ order, token: statusToken, canceled: true }),
        request.locale,
      ),
      idempotencyKey: `checkout:${paymentId}`,
    });
  } catch (error) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'We could not open the payment page just now. Please try again in a moment.',
      { cause: error },
    );
  }
}

/** A new request's first checkout: the session the provider opened, not written anywhere yet. */
export interface FirstCheckout {
  paymentId: string;
  /** The provider's name (`payments.provider`). */
  provider: string;
  session: CheckoutSession;
}

/**
 * Asks the provider for the first checkout of an order that is not saved yet, so that the
 * statement saving the order writes its attempt too (services/request-insert.ts): one
 * commit per creation instead of two (decision 012, 2026-12-07, afternoon). Nobody else
 * can open a checkout for an order that does not exist yet, so no lease is needed; a
 * session whose order is never saved (a drawn reference that was taken, a repeat that lost
 * the race) expires unpaid, and its events are ignored.
 * @throws AppError SERVICE_UNAVAILABLE when the provider cannot open the checkout
 */
export async function openFirstSession(
  deps: PaymentServiceDeps,
  order: CheckoutOrder,
  statusToken: string,
): Promise<FirstCheckout> {
  const paymentId = newId();
  const session = await openProviderSession(deps, order, statusToken, paymentId);
  return { paymentId, provider: deps.provider.name, session };
}

/**
 * Records an opened session as an `unpaid` attempt in `executor`; the request's
 * payment_state follows the new attempt.
 */
export async function recordCheckout(
  deps: PaymentServiceDeps,
  executor: Executor,
  request: RequestRow,
  paymentId: string,
  session: CheckoutSession,
): Promise<void> {
  await executor.insert(payments).values({
    id: paymentId,
    requestId: request.id,
    provider: deps.provider.name,
    providerSessionId: session.sessionId,
    amount: request.priceAmount,
    currency: request.currency,
    state: 'unpaid',
    checkoutUrl: session.url,
  });
  const attempts = await executor.select().from(payments).where(eq(payments.requestId, request.id));
  await syncRequestPaymentState(executor, request, attempts);
}

/**
 * Opens a new checkout attempt for a request and records it in `executor`. The provider is
 * called first, so the row never exists without a session; a session whose row is never
 * written simply expires unpaid. Prefer `openCheckout` (checkout-opening.ts), which holds
 * no transaction over the provider call.
 * @throws AppError SERVICE_UNAVAILABLE when the provider cannot open the checkout
 */
export async function startCheckout(
  deps: PaymentServiceDeps,
  executor: Executor,
  { request, statusToken }: StartCheckoutInput,
): Promise<StartedCheckout> {
  const paymentId = newId();
  const session = await openProviderSession(deps, request, statusToken, paymentId);
  await recordCheckout(deps, executor, request, paymentId, session);
  return { checkoutUrl: session.url, paymentId };
}

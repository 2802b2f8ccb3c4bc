import { eq } from 'drizzle-orm';
import { planIdSchema } from '@unban/contract/plan-id';
import { getPlan } from '@unban/contract/plans';
import { siteConfig } from '@unban/contract/site-config';
import { v7 as uuidv7 } from 'uuid';
import { payments } from '../db/schema';
import { AppError } from '../errors';
import type { RequestRow } from './case-transitions';
import type { PaymentServiceDeps } from './payment-events';
import { syncRequestPaymentState } from './payment-records';
import type { Executor } from './payment-records';

export interface StartCheckoutInput {
  request: RequestRow;
  /** Goes into the return address so the status screen can read the order; null: sign-in instead. */
  statusToken: string | null;
}

export interface StartedCheckout {
  checkoutUrl: string;
  paymentId: string;
}

/** Where the provider sends the customer back to, paid or not: the payment-status screen. */
export function paymentStatusReturnUrl(
  publicUrl: string,
  reference: string,
  statusToken: string | null,
  { canceled = false }: { canceled?: boolean } = {},
): string {
  const query = new URLSearchParams({ order: reference });
  if (statusToken !== null) query.set('token', statusToken);
  // Stripe keeps a canceled session open until it times out: the screen offers a new
  // checkout at once when it knows the customer canceled.
  if (canceled) query.set('canceled', '1');
  return `${publicUrl}/#/payment-status?${query.toString()}`;
}

function productName(plan: string): string {
  const parsed = planIdSchema.safeParse(plan);
  const planName = parsed.success ? ` (${getPlan(parsed.data).name})` : '';
  return `${siteConfig.appName} unban request${planName}`;
}

/**
 * Opens a new checkout attempt for a request: a provider session at the request's price
 * (copied from its plan when the order was placed, so a retry charges what the customer
 * agreed to), and an `unpaid` payments row in `executor` (the caller's transaction, when
 * it has one). The request's payment_state follows the new attempt.
 *
 * The provider is called first, with a payment id chosen here, so the row never exists
 * without a session; a session whose row is never written (the caller's transaction fails)
 * simply expires unpaid.
 * @throws AppError SERVICE_UNAVAILABLE when the provider cannot open the checkout
 */
export async function startCheckout(
  deps: PaymentServiceDeps & { publicUrl: string },
  executor: Executor,
  { request, statusToken }: StartCheckoutInput,
): Promise<StartedCheckout> {
  const paymentId = uuidv7();
  const returnUrl = paymentStatusReturnUrl(deps.publicUrl, request.reference, statusToken);
  let session;
  try {
    session = await deps.provider.createCheckoutSession({
      paymentId,
      reference: request.reference,
      amountMinor: request.priceAmount,
      currency: request.currency,
      productName: productName(request.plan),
      customerEmail: request.contactEmail,
      successUrl: returnUrl,
      cancelUrl: paymentStatusReturnUrl(deps.publicUrl, request.reference, statusToken, {
        canceled: true,
      }),
      idempotencyKey: `checkout:${paymentId}`,
    });
  } catch (error) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'We could not open the payment page just now. Please try again in a moment.',
      { cause: error },
    );
  }

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
  return { checkoutUrl: session.url, paymentId };
}

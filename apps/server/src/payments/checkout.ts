import { eq } from 'drizzle-orm';
import { planIdSchema } from '@unban/contract/plan-id';
import { getPlan } from '@unban/contract/plans';
import { pageUrl, paths } from '@unban/contract/paths';
import { siteConfig } from '@unban/contract/site-config';
import { v7 as uuidv7 } from 'uuid';
import { payments } from '../db/schema';
import type { RequestRow } from '../db/schema';
import { AppError } from '../errors';
import { syncRequestPaymentState } from './records';
import type { Executor } from './records';
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
  deps: PaymentServiceDeps,
  executor: Executor,
  { request, statusToken }: StartCheckoutInput,
): Promise<StartedCheckout> {
  const paymentId = uuidv7();
  // The provider sends the customer back to the payment-status screen, paid or not.
  const order = request.reference;
  const returnUrl = pageUrl(deps.publicUrl, paths.paymentStatus.to({ order, token: statusToken }));
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
      cancelUrl: pageUrl(
        deps.publicUrl,
        paths.paymentStatus.to({ order, token: statusToken, canceled: true }),
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

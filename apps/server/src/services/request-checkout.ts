import { desc, eq } from 'drizzle-orm';
import { paymentStateSchema } from '@unban/contract/payment-states';
import type { PaymentState } from '@unban/contract/payment-states';
import type { Database, Transaction } from '../db/client';
import { payments, requests } from '../db/schema';
import { AppError } from '../errors';
import type { RequestRow } from './case-transitions';

/**
 * What this service needs from the payments module (`app.payments`, see
 * services/payment-checkout.ts): open a provider checkout for a request at its price and
 * record the attempt as an `unpaid` payments row with its `checkout_url` (which a repeated
 * submission reuses). `statusToken` builds the return address
 * to the payment-status screen; null when the caller is the signed-in owner without the
 * token, so the screen reads the order with their sign-in instead.
 */
export interface CheckoutStarter {
  startCheckout(
    executor: Database | Transaction,
    input: { request: RequestRow; statusToken: string | null },
  ): Promise<{ checkoutUrl: string; paymentId: string }>;
}

/** A new checkout may be opened only while nothing is paid or being paid. */
const payableStates: readonly PaymentState[] = ['unpaid', 'failed', 'expired'];

export function storedPaymentState(row: Pick<RequestRow, 'id' | 'paymentState'>): PaymentState {
  const parsed = paymentStateSchema.safeParse(row.paymentState);
  if (!parsed.success) {
    throw new Error(`Request ${row.id} has an unknown payment state "${row.paymentState}"`);
  }
  return parsed.data;
}

/** Why a request cannot take a payment now, for the customer; null when it can. */
export function whyNotPayable(row: RequestRow): string | null {
  if (row.caseState === 'canceled') return 'This request was canceled, so it cannot be paid.';
  const paymentState = storedPaymentState(row);
  if (paymentState === 'processing') {
    return 'Your payment is still being processed. Wait for it to finish before paying again.';
  }
  if (row.caseState !== 'awaiting_payment' || !payableStates.includes(paymentState)) {
    return 'This request is already paid, so there is nothing more to pay.';
  }
  return null;
}

export interface OpenCheckoutInput {
  requestId: string;
  statusToken: string | null;
  /**
   * Send the customer back to the latest attempt when it is still open, instead of opening
   * another one (a repeated submission must not leave two payable sessions behind).
   */
  reuseOpenAttempt: boolean;
}

export type OpenCheckoutResult =
  | { ok: true; checkoutUrl: string; request: RequestRow }
  | { ok: false; reason: string; request: RequestRow };

/**
 * Opens (or reuses) a checkout for a request that still waits for payment. The request row
 * stays locked while the provider is asked, so two concurrent calls for one request open
 * one checkout between them; if the provider fails, nothing of this attempt is kept and
 * the request simply stays `awaiting_payment` for the next try.
 */
export async function openCheckout(
  db: Database,
  checkout: CheckoutStarter,
  input: OpenCheckoutInput,
): Promise<OpenCheckoutResult> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(requests)
      .where(eq(requests.id, input.requestId))
      .for('update');
    if (!request) throw new AppError('NOT_FOUND', 'We could not find this request.');
    const reason = whyNotPayable(request);
    if (reason !== null) return { ok: false, reason, request };

    if (input.reuseOpenAttempt) {
      const [latest] = await tx
        .select({ state: payments.state, checkoutUrl: payments.checkoutUrl })
        .from(payments)
        .where(eq(payments.requestId, request.id))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);
      if (latest?.state === 'unpaid' && latest.checkoutUrl) {
        return { ok: true, checkoutUrl: latest.checkoutUrl, request };
      }
    }

    const started = await checkout.startCheckout(tx, {
      request,
      statusToken: input.statusToken,
    });
    return { ok: true, checkoutUrl: started.checkoutUrl, request };
  });
}

/** The payment-status screen of one order, for answers that have no checkout to offer. */
export function paymentStatusPageUrl(publicUrl: string, reference: string, token: string): string {
  const query = new URLSearchParams({ order: reference, token }).toString();
  return `${publicUrl.replace(/\/+$/, '')}/#/payment-status?${query}`;
}

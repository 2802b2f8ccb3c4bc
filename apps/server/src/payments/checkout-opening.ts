import { desc, eq } from 'drizzle-orm';
import type { PaymentState } from '@unban/contract/payment-states';
import { payments, requests } from '../db/schema';
import type { RequestRow } from '../db/schema';
import { AppError } from '../errors';
import { startCheckout } from './checkout';
import type { PaymentServiceDeps } from './service-deps';

/** A new checkout may be opened only while nothing is paid or being paid. */
const payableStates: readonly PaymentState[] = ['unpaid', 'failed', 'expired'];

/** Why a request cannot take a payment now, for the customer; null when it can. */
export function whyNotPayable(row: RequestRow): string | null {
  if (row.caseState === 'canceled') return 'This request was canceled, so it cannot be paid.';
  if (row.paymentState === 'processing') {
    return 'Your payment is still being processed. Wait for it to finish before paying again.';
  }
  if (row.caseState !== 'awaiting_payment' || !payableStates.includes(row.paymentState)) {
    return 'This request is already paid, so there is nothing more to pay.';
  }
  return null;
}

export interface OpenCheckoutInput {
  requestId: string;
  /**
   * Goes into the return address so the status screen can read the order; null when the
   * caller is the signed-in owner without the token, so the screen reads the order with
   * their sign-in instead.
   */
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
 * @throws AppError NOT_FOUND; SERVICE_UNAVAILABLE when the provider cannot open the checkout
 */
export async function openCheckout(
  deps: PaymentServiceDeps,
  input: OpenCheckoutInput,
): Promise<OpenCheckoutResult> {
  return deps.db.transaction(async (tx) => {
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

    const started = await startCheckout(deps, tx, { request, statusToken: input.statusToken });
    return { ok: true, checkoutUrl: started.checkoutUrl, request };
  });
}

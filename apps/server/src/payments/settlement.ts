import { eq } from 'drizzle-orm';
import type { CaseState } from '@unban/contract/case-states';
import { planIdSchema } from '@unban/contract/plan-id';
import { formatMoney } from '@unban/contract/plans';
import type { Transaction } from '../db/client';
import { requests } from '../db/schema';
import type { PaymentRow, RequestRow } from '../db/schema';
import { applyCaseTransition } from '../cases/case-transitions';
import type { CustomerNotice } from '../jobs/email-templates';
import type { ReplyCalendar } from '../domain/reply-deadline';
import { isFundedByAnotherAttempt } from '../domain/attempt-funding';
import { followUpForPayment } from '../domain/payment-follow-up';
import { lockAttempts, queueFullRefund, syncRequestPaymentState, toAttempt } from './records';

/** Payment ids whose refund was queued in the transaction; start them once it commits. */
export type PendingRefunds = readonly string[];

// Each step moves the case along an edge or takes an attempt out of `paid`, so a request
// settles in a few steps (payment-follow-up.ts); more means a bug, not a long case.
const MAX_STEPS = 10;

function moveMessage(
  to: CaseState,
  request: RequestRow,
  payment: PaymentRow,
  calendar: ReplyCalendar,
): string | null {
  const money = formatMoney(payment.amount, payment.currency);
  switch (to) {
    case 'queued': {
      const plan = planIdSchema.safeParse(request.plan);
      const when = plan.success ? ` ${calendar.plans[plan.data].operatorReplyWithin}` : '';
      return `Payment of ${money} received. Your case is in the queue; an operator will pick it up${when}.`;
    }
    case 'refunded':
      return `Your payment of ${money} has been refunded in full. Banks usually show it within 5–10 business days.`;
    case 'canceled':
      return `Your payment of ${money} was refunded in full before work on your case started, so this request is closed.`;
    default:
      return null;
  }
}

/** The same words as data, for the e-mail in the customer's language. */
function moveNotice(to: CaseState, payment: PaymentRow): CustomerNotice | null {
  const money = { amountMinor: payment.amount, currency: payment.currency };
  switch (to) {
    case 'queued':
      return { kind: 'payment_received', ...money };
    case 'refunded':
      return { kind: 'payment_refunded', ...money };
    case 'canceled':
      return { kind: 'refunded_before_work', ...money };
    default:
      return null;
  }
}

async function lockRequest(tx: Transaction, requestId: string): Promise<RequestRow> {
  const [request] = await tx
    .select()
    .from(requests)
    .where(eq(requests.id, requestId))
    .for('update');
  if (!request) throw new Error(`Request ${requestId} does not exist`);
  return request;
}

/**
 * Brings a request's case and its payment attempts into line after anything changed
 * either of them: a provider fact, a new attempt, or a case move by an operator. Applies
 * `followUpForPayment` to every attempt until it asks for nothing: confirmed money moves an
 * unpaid case to `queued`; money on a canceled case, a duplicate attempt, or a case that
 * ended `denied` / `not_eligible` (the guarantee) is refunded in full; a confirmed refund
 * closes a denied case as `refunded`. Case moves go through applyCaseTransition (actor
 * `system`, one timeline row each).
 *
 * Runs in the caller's transaction with the request row locked, so concurrent events of
 * one request settle one after the other. Pure function of the current states: calling
 * it again changes nothing.
 *
 * @returns the attempts whose refund was queued; hand them to `startRefunds` after commit
 */
export async function settleRequestPayments(
  tx: Transaction,
  requestId: string,
  calendar: ReplyCalendar,
): Promise<PendingRefunds> {
  const refunds: string[] = [];
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const request = await lockRequest(tx, requestId);
    const rows = await lockAttempts(tx, requestId);
    const attempts = rows.map(toAttempt);
    const caseState = request.caseState;

    let acted = false;
    for (const [index, row] of rows.entries()) {
      const attempt = attempts[index];
      if (!attempt) continue;
      const followUp = followUpForPayment({
        caseState,
        paymentState: attempt.state,
        caseFundedByAnotherAttempt: isFundedByAnotherAttempt(attempt, attempts),
      });
      if (followUp.kind === 'move_case') {
        await applyCaseTransition(
          tx,
          {
            requestId,
            to: followUp.to,
            actor: 'system',
            actorUid: null,
            messageToCustomer: moveMessage(followUp.to, request, row, calendar),
            customerNotice: moveNotice(followUp.to, row),
          },
          calendar,
        );
        acted = true;
      } else if (followUp.kind === 'refund_payment') {
        acted = await queueFullRefund(tx, row, followUp.reason);
        if (acted) refunds.push(row.id);
      }
      if (acted) break;
    }

    if (!acted) {
      await syncRequestPaymentState(tx, request, rows);
      return refunds;
    }
  }
  throw new Error(`Request ${requestId} did not settle within ${MAX_STEPS} steps`);
}

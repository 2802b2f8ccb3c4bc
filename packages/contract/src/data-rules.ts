import type { CaseState } from './case-states';

/**
 * The customer's data rights (cancel, export, erase) and how long we keep what. The privacy
 * page states these rules from this file, and the server enforces them from the same
 * values, so the page and the code cannot drift apart (docs/decisions/017).
 */

/**
 * The states a customer may cancel a request from: before an operator starts work, that is
 * before `queued → in_review`. Held equal to the customer's edges into `canceled` in the
 * server's case machine by a test (apps/server/src/domain/case-machine.test.ts).
 */
export const customerCancelableStates = [
  'awaiting_payment',
  'queued',
] as const satisfies readonly CaseState[];

export function customerMayCancel(state: CaseState): boolean {
  return (customerCancelableStates as readonly CaseState[]).includes(state);
}

export const dataRetention = {
  /**
   * The most days an unpaid, abandoned request is kept: the privacy page promises deletion
   * within this many days, so RETENTION_UNPAID_DAYS may shorten it but never exceed it.
   */
  unpaidRequestMaxDays: 30,
  /**
   * The fewest: a checkout stays payable for up to a day (Stripe's longest session), so a
   * request is never deleted while money could still arrive for it.
   */
  unpaidRequestMinDays: 2,
  /** Payment records are kept this many years after the payment, as tax law requires. */
  paymentRecordYears: 10,
} as const;

import { customerMayCancel } from '@unban/contract/data-rules';
import { formatMoney } from '@unban/contract/plans';
import type { RequestRow } from '../db/schema';
import type { CustomerNotice } from '../jobs/email-templates';
import { AppError } from '../errors';
import { moveCase } from './move-case';
import { findRequestById } from './request-queries';
import type { MoveCaseDeps } from './move-case';

export interface CancelRequestInput {
  requestId: string;
  ownerUid: string;
}

/** Thrown inside the locked precondition when the case is already canceled: not an error. */
class AlreadyCanceled extends Error {
  constructor(readonly row: RequestRow) {
    super('already canceled');
  }
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'We could not find this request.');
}

function notCancelable(): AppError {
  return new AppError(
    'CASE_NOT_CANCELABLE',
    'An operator has already started work on this request, or it has ended, so it can no longer be canceled. If the ban cannot be lifted, you are refunded in full automatically.',
  );
}

function cancelMessage(current: RequestRow): string {
  if (current.caseState === 'queued') {
    const money = formatMoney(current.priceAmount, current.currency);
    return `You canceled this request before work on it started. Your payment of ${money} is being refunded in full; banks usually show it within 5–10 business days.`;
  }
  return 'You canceled this request before paying for it. If a payment was still on its way, it is refunded in full automatically.';
}

/** The same words as data, for the e-mail in the customer's language. */
function cancelNotice(current: RequestRow): CustomerNotice {
  return current.caseState === 'queued'
    ? { kind: 'canceled_paid', amountMinor: current.priceAmount, currency: current.currency }
    : { kind: 'canceled_unpaid' };
}

/**
 * The customer withdraws their request before an operator starts work on it: the move
 * `awaiting_payment | queued → canceled` (case-machine.ts). The same transaction runs the
 * payment follow-up, which queues the full refund of a paid request (a canceled case keeps
 * no money), and the move's e-mail; the refund is handed to the provider after the commit
 * (moveCase). Canceling a request that is already canceled answers with it unchanged, so a
 * repeated click or a retried call refunds once.
 *
 * @throws AppError NOT_FOUND (not the caller's), CASE_NOT_CANCELABLE (work has started or
 *   the case has ended)
 */
export async function cancelRequest(
  deps: MoveCaseDeps,
  input: CancelRequestInput,
): Promise<RequestRow> {
  const seen = await findRequestById(deps.db, input.requestId);
  if (!seen || seen.ownerUid !== input.ownerUid) throw notFound();
  if (seen.caseState === 'canceled') return seen;
  if (!customerMayCancel(seen.caseState)) throw notCancelable();
  try {
    return await moveCase(deps, {
      requestId: input.requestId,
      to: 'canceled',
      actor: 'customer',
      actorUid: input.ownerUid,
      // Written for the state read above; the precondition makes sure it still holds.
      messageToCustomer: cancelMessage(seen),
      customerNotice: cancelNotice(seen),
      precondition(current) {
        if (current.caseState === 'canceled') throw new AlreadyCanceled(current);
        if (current.caseState !== seen.caseState) {
          // Paid or picked up in the meantime: what we would tell the customer has changed.
          throw customerMayCancel(current.caseState)
            ? new AppError(
                'CONFLICT',
                'This request changed in the meantime. Reload it and try again.',
              )
            : notCancelable();
        }
      },
    });
  } catch (error) {
    if (error instanceof AlreadyCanceled) return error.row;
    throw error;
  }
}

import { applyCaseTransition } from '../cases/case-transitions';
import type { CaseTransitionInput } from '../cases/case-transitions';
import type { ReplyDeadlineConfig } from '../config/env-deadlines';
import type { Database, Transaction } from '../db/client';
import type { RequestRow } from '../db/schema';
import type { Payments } from '../payments/payments-plugin';

/** The move's message and note, when the caller's own writes decide them. */
export type MoveWords = Partial<
  Pick<
    CaseTransitionInput,
    'messageToCustomer' | 'customerNotice' | 'timelineNotice' | 'internalNote'
  >
>;

export interface MoveCaseDeps {
  db: Database;
  payments: Pick<Payments, 'followUpCase' | 'startRefunds'>;
  /** The business calendar the plans' reply deadlines count in. */
  config: { replyDeadlines: Pick<ReplyDeadlineConfig, 'calendar'> };
}

/**
 * Moves a case: the one way an operator, the customer, a job or anything else moves a case
 * (the payment module's own settlement aside, which runs the same follow-up itself). In one
 * transaction: the move along an edge of the case machine with its timeline row and e-mail
 * (cases/case-transitions.ts), then the payment follow-up, which queues the guarantee's
 * refund when the case ends denied or not eligible. After the commit, the queued refunds
 * are handed to the provider. A caller cannot forget the refund: there is no other door.
 *
 * @returns the request as the move left it
 * @throws AppError NOT_FOUND, CONFLICT, INVALID_TRANSITION, FORBIDDEN_TRANSITION, or what
 *   the input's precondition throws
 */
export async function moveCase(
  deps: MoveCaseDeps,
  input: CaseTransitionInput,
  /**
   * The caller's own writes that belong to the move (e.g. the appeal that justifies it, the
   * platform reply that decided it), run first in the same transaction: both or neither.
   * What it returns is said with the move (its words come from what it wrote).
   */
  before?: (tx: Transaction) => Promise<MoveWords | void>,
): Promise<RequestRow> {
  const { moved, pendingRefunds } = await deps.db.transaction(async (tx) => {
    const words = await before?.(tx);
    const moved = await applyCaseTransition(
      tx,
      { ...input, ...words },
      deps.config.replyDeadlines.calendar,
    );
    const pendingRefunds = await deps.payments.followUpCase(tx, moved.id);
    return { moved, pendingRefunds };
  });
  await deps.payments.startRefunds(pendingRefunds);
  return moved;
}

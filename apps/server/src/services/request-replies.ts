import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { requests } from '../db/schema';
import { AppError } from '../errors';
import { applyCaseTransition } from './case-transitions';
import type { RequestRow } from './case-transitions';

export interface CustomerReplyInput {
  requestId: string;
  ownerUid: string;
  message: string;
}

/**
 * The customer answers the operator's question: one timeline row carrying the reply, and
 * the case goes back to the operator (needs_info → in_review), in one transaction. Only the
 * owner may reply; anyone else is told the request does not exist.
 */
export async function addCustomerReply(
  db: Database,
  input: CustomerReplyInput,
): Promise<RequestRow> {
  return db.transaction(async (tx) => {
    // Locked before the check, so an operator's move in the meantime cannot slip between.
    const [request] = await tx
      .select({ ownerUid: requests.ownerUid, caseState: requests.caseState })
      .from(requests)
      .where(eq(requests.id, input.requestId))
      .for('update');
    if (!request || request.ownerUid !== input.ownerUid) {
      throw new AppError('NOT_FOUND', 'We could not find this request.');
    }
    if (request.caseState !== 'needs_info') {
      throw new AppError(
        'CONFLICT',
        'You can reply here when an operator asks you for information. For anything else, write to us in the chat.',
      );
    }
    return applyCaseTransition(tx, {
      requestId: input.requestId,
      to: 'in_review',
      actor: 'customer',
      actorUid: input.ownerUid,
      customerReply: input.message,
    });
  });
}

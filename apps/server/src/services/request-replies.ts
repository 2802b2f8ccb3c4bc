import type { RequestRow } from '../db/schema';
import { AppError } from '../errors';
import { moveCase } from './move-case';
import type { MoveCaseDeps } from './move-case';

export interface CustomerReplyInput {
  requestId: string;
  ownerUid: string;
  message: string;
}

/**
 * The customer answers the operator's question: one timeline row carrying the reply, and
 * the case goes back to the operator (needs_info → in_review). Only the owner may reply;
 * anyone else is told the request does not exist.
 */
export async function addCustomerReply(
  deps: MoveCaseDeps,
  input: CustomerReplyInput,
): Promise<RequestRow> {
  return moveCase(deps, {
    requestId: input.requestId,
    to: 'in_review',
    actor: 'customer',
    actorUid: input.ownerUid,
    customerReply: input.message,
    precondition(current) {
      if (current.ownerUid !== input.ownerUid) {
        throw new AppError('NOT_FOUND', 'We could not find this request.');
      }
      if (current.caseState !== 'needs_info') {
        throw new AppError(
          'CONFLICT',
          'You can reply here when an operator asks you for information. For anything else, write to us in the chat.',
        );
      }
    },
  });
}

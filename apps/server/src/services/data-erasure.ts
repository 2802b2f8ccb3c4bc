import { and, eq, inArray, sql } from 'drizzle-orm';
import { isFinalCaseState } from '@unban/contract/case-states';
import type { EraseResponse } from '@unban/contract/data-rights';
import type { AuthContext } from '../auth/auth-context';
import { addCaseNote } from '../cases/case-transitions';
import type { Database } from '../db/client';
import type { ReplyCalendar } from '../domain/reply-deadline';
import {
  appeals,
  caseEvents,
  mailboxMessages,
  outbox,
  ownerReviews,
  payments,
  platformReplies,
  requests,
} from '../db/schema';
import type { RequestRow } from '../db/schema';
import type { EvidenceStore } from '../evidence/evidence-store';
import { AppError } from '../errors';
import { emailsAboutRequests } from '../jobs/email-outbox';
import { deleteRequestsEvidence } from './evidence';

export interface DataErasureDeps {
  db: Database;
  store: EvidenceStore;
  /** The business calendar the plans' reply deadlines count in (every case note takes it). */
  calendar: ReplyCalendar;
  /** Deletes the caller's sign-in account (Firebase); an account already gone is not an error. */
  deleteAccount(uid: string): Promise<void>;
}

/** Payment states that mean money was taken at some point: that record must be kept. */
const MONEY_TAKEN = ['paid', 'refund_pending', 'refunded'] as const;

/** Stored in place of the owner: no one signs in as it, and it still names one request. */
export function erasedOwner(requestId: string): string {
  return `erased:${requestId}`;
}

function refuseOpen(open: readonly Pick<RequestRow, 'reference'>[]): never {
  throw new AppError(
    'CASE_STILL_OPEN',
    `Your data can be erased once none of your cases is open. Still open: ${open.map((row) => row.reference).join(', ')}. Cancel it if no work has started, or wait for its outcome.`,
  );
}

async function ownRequests(db: Database, uid: string): Promise<RequestRow[]> {
  return db.select().from(requests).where(eq(requests.ownerUid, uid));
}

/**
 * The right to erasure. Refused (CASE_STILL_OPEN) while any of the caller's cases is open,
 * i.e. not in a final state: an open case is work we owe them, and erasing it would lose
 * the answers the appeal needs. Otherwise, for every request of theirs:
 * - the screenshots are deleted, objects and rows (deleteRequestsEvidence);
 * - the answers are blanked (number, e-mail, ban message, usage), the owner and the status
 *   link are replaced so nothing leads back to them, the timeline keeps its states but
 *   loses every message, reply and note, and the e-mails to them (outbox and dev mailbox)
 *   are deleted;
 * - what remains is the anonymized record tax law requires us to keep for money taken
 *   (reference, plan, price, states and dates, and the payment attempts with the provider's
 *   references), docs/decisions/017. Requests that never took money keep the same shell
 *   until the retention job deletes them (a late payment can still be refunded meanwhile).
 * Last, the sign-in account is deleted, which signs them out everywhere.
 *
 * @throws AppError FORBIDDEN (staff accounts), CASE_STILL_OPEN, SERVICE_UNAVAILABLE (the
 *   data is erased but the account could not be deleted; calling again finishes it)
 */
export async function eraseCustomerData(
  deps: DataErasureDeps,
  auth: AuthContext,
): Promise<EraseResponse> {
  if (auth.role !== 'customer') {
    throw new AppError(
      'FORBIDDEN',
      'Staff accounts are closed by an admin, not through the customer erasure.',
    );
  }
  const seen = await ownRequests(deps.db, auth.uid);
  const openSeen = seen.filter((row) => !isFinalCaseState(row.caseState));
  if (openSeen.length > 0) refuseOpen(openSeen);

  // Files first and outside the transaction (the store is not the database); a closed case
  // takes no new screenshots, so nothing is added between here and the commit.
  await deleteRequestsEvidence(
    deps,
    seen.map((row) => row.id),
  );

  const result = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(requests)
      .where(eq(requests.ownerUid, auth.uid))
      .for('update');
    const open = rows.filter((row) => !isFinalCaseState(row.caseState));
    if (open.length > 0) refuseOpen(open);
    if (rows.length === 0) return { erasedRequests: 0, keptPaymentRecords: 0 };
    const ids = rows.map((row) => row.id);

    for (const row of rows) {
      await tx
        .update(requests)
        .set({
          ownerUid: erasedOwner(row.id),
          // Not a SHA-256 hex digest, so no status link matches it any more.
          statusTokenHash: 'erased',
          phoneE164: '',
          contactEmail: '',
          banMessage: '',
          usage: '',
          bannedAt: null,
          idempotencyKeyHash: null,
          idempotencyFingerprint: null,
          idempotencySealedToken: null,
        })
        .where(eq(requests.id, row.id));
    }
    await tx
      .update(caseEvents)
      .set({
        messageToCustomer: null,
        // A notice can hold an operator's words to the customer (the owner-review request).
        notice: null,
        customerReply: null,
        internalNote: null,
        actorUid: sql`case when ${caseEvents.actorType} = 'customer' then null else ${caseEvents.actorUid} end`,
      })
      .where(inArray(caseEvents.requestId, ids));
    // Their e-mails, and the appeals sent for them (which quote the number and their words).
    await tx.delete(outbox).where(emailsAboutRequests(ids));
    // Appeals and the platform's replies quote the number and the customer's words: their
    // rows stay for the figures (channel, dates, outcome), their texts go.
    await tx
      .update(appeals)
      .set({ subject: '', body: '', replyTo: null })
      .where(inArray(appeals.requestId, ids));
    await tx
      .update(platformReplies)
      .set({ body: '', subject: null, fromAddress: null })
      .where(inArray(platformReplies.requestId, ids));
    // The operator's words to them with an in-app review request, and their uid on the
    // confirmation: the times stay (decision 022).
    await tx
      .update(ownerReviews)
      .set({ message: null, confirmedByUid: null })
      .where(inArray(ownerReviews.requestId, ids));
    // By case, not by address: another customer may have written the same address.
    await tx.delete(mailboxMessages).where(inArray(mailboxMessages.requestId, ids));
    for (const id of ids) {
      // The audit trail says what happened to the case, without saying anything about them.
      await addCaseNote(
        tx,
        {
          requestId: id,
          actor: 'system',
          actorUid: null,
          internalNote: 'The customer erased their personal data; only the payment record is kept.',
        },
        deps.calendar,
      );
    }
    const paid = await tx
      .selectDistinct({ requestId: payments.requestId })
      .from(payments)
      .where(and(inArray(payments.requestId, ids), inArray(payments.state, [...MONEY_TAKEN])));
    return { erasedRequests: rows.length, keptPaymentRecords: paid.length };
  });

  try {
    await deps.deleteAccount(auth.uid);
  } catch (error) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Your data is erased, but your sign-in account could not be closed just now. Please try again in a moment.',
      { cause: error },
    );
  }
  return result;
}

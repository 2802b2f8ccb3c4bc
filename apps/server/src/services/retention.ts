import { and, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { caseEvents, mailboxMessages, outbox, payments, requests } from '../db/schema';
import type { EvidenceStore } from '../evidence/evidence-store';
import { emailsAboutRequests } from '../jobs/email-outbox';
import { deleteRequestsEvidence } from './evidence';

export interface RetentionDeps {
  db: Database;
  store: EvidenceStore;
}

/** Requests deleted per transaction; the job loops until none is left. */
const BATCH = 100;

/** Payment states that mean money moved or may still move: such a request is never deleted. */
const MONEY_STATES = ['processing', 'paid', 'refund_pending', 'refunded'] as const;

/**
 * An unpaid, abandoned request: it never took money (no attempt ever got past unpaid,
 * failed or expired), it is waiting for a payment or was canceled (by the customer, an
 * operator, or their erasure), and nothing has touched it for `days` days. Checkouts stay
 * payable for a day at most, so after the configured period (2 days at least) no money can
 * still arrive for it.
 */
function abandonedUnpaid(days: number) {
  return and(
    inArray(requests.caseState, ['awaiting_payment', 'canceled']),
    lt(requests.updatedAt, sql`now() - make_interval(days => ${days})`),
    notExists(
      sql`(select 1 from ${payments} where ${payments.requestId} = ${requests.id} and ${inArray(payments.state, [...MONEY_STATES])})`,
    ),
  );
}

/**
 * Deletes unpaid, abandoned requests older than `days` (RETENTION_UNPAID_DAYS) with
 * everything that hangs off them: screenshots (objects, then rows), timeline, payment
 * attempts, e-mails in the outbox and the dev mailbox. Each batch is re-checked with its
 * rows locked, so a payment that lands meanwhile keeps its request. Safe to run on every
 * instance at once (SKIP LOCKED) and again after a crash.
 *
 * @returns how many requests were deleted
 */
export async function deleteAbandonedUnpaidRequests(
  deps: RetentionDeps,
  days: number,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const candidates = await deps.db
      .select({ id: requests.id })
      .from(requests)
      .where(abandonedUnpaid(days))
      .limit(BATCH);
    if (candidates.length === 0) return deleted;
    // Files first: a row left behind by a crash is found again by the next run, an object
    // without a row would not be.
    await deleteRequestsEvidence(
      deps,
      candidates.map((row) => row.id),
    );
    const ids = await deps.db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: requests.id })
        .from(requests)
        .where(
          and(
            inArray(
              requests.id,
              candidates.map((row) => row.id),
            ),
            abandonedUnpaid(days),
          ),
        )
        .for('update', { skipLocked: true });
      const lockedIds = locked.map((row) => row.id);
      if (lockedIds.length === 0) return lockedIds;
      await tx.delete(outbox).where(emailsAboutRequests(lockedIds));
      await tx.delete(mailboxMessages).where(inArray(mailboxMessages.requestId, lockedIds));
      await tx.delete(caseEvents).where(inArray(caseEvents.requestId, lockedIds));
      await tx.delete(payments).where(inArray(payments.requestId, lockedIds));
      await tx.delete(requests).where(inArray(requests.id, lockedIds));
      return lockedIds;
    });
    deleted += ids.length;
    // Every candidate was taken by another instance or changed: leave them to the next run.
    if (ids.length === 0) return deleted;
  }
}

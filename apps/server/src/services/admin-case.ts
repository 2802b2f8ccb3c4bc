import { and, asc, eq, sql } from 'drizzle-orm';
import { adminCaseSchema } from '@unban/contract/admin';
import type { AdminCase } from '@unban/contract/admin';
import { addCaseNote } from '../cases/case-transitions';
import type { Database } from '../db/client';
import { caseEvents, payments, requests } from '../db/schema';
import type { RequestRow } from '../db/schema';
import type { ReplyCalendar } from '../domain/reply-deadline';
import { allowedNextStates } from '../domain/case-machine';
import { AppError } from '../errors';
import { findRequestById } from './request-queries';
import { answersOf } from './request-views';
import { toQueueItem } from './admin-queue';

/*
 * The operator's view of one case: everything the customer sees plus the internal notes,
 * the actor uids and the payment attempts, and where the operator may move it now.
 */

const notFound = () => new AppError('NOT_FOUND', 'We could not find this request.');

/** Reads a case for the back office. @throws AppError NOT_FOUND */
export async function readAdminCase(db: Database, id: string): Promise<AdminCase> {
  const row = await findRequestById(db, id);
  if (!row) throw notFound();
  const [attempts, events] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(eq(payments.requestId, row.id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(caseEvents)
      .where(eq(caseEvents.requestId, row.id))
      // Rows of one transaction share its timestamp; UUIDv7 ids keep the order written.
      .orderBy(asc(caseEvents.createdAt), asc(caseEvents.id)),
  ]);
  return adminCaseSchema.parse({
    ...toQueueItem(row),
    answers: answersOf(row),
    payments: attempts.map((attempt) => ({
      id: attempt.id,
      provider: attempt.provider,
      state: attempt.state,
      amountMinor: attempt.amount,
      currency: attempt.currency,
      refundRequestedMinor: attempt.refundRequestedAmount,
      refundedMinor: attempt.refundedAmount,
      createdAt: attempt.createdAt.toISOString(),
      updatedAt: attempt.updatedAt.toISOString(),
    })),
    timeline: events.map((event) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      actor: event.actorType,
      actorUid: event.actorUid,
      fromState: event.fromState,
      toState: event.toState,
      messageToCustomer: event.messageToCustomer,
      internalNote: event.internalNote,
      customerReply: event.customerReply,
    })),
    allowedNextStates: allowedNextStates(row.caseState, 'operator'),
  });
}

export interface AssignInput {
  requestId: string;
  operatorUid: string | null;
  expectedVersion: number;
  actorUid: string;
}

/**
 * Gives the case to an operator (or back to the shared queue) if nobody changed it since the
 * caller read it, and writes the change to the timeline as an internal note (the audit trail).
 * @throws AppError NOT_FOUND, CONFLICT
 */
export async function assignCase(db: Database, input: AssignInput): Promise<RequestRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(requests)
      .where(eq(requests.id, input.requestId))
      .for('update');
    if (!current) throw notFound();
    const [updated] = await tx
      .update(requests)
      .set({ assignedOperatorUid: input.operatorUid, version: sql`${requests.version} + 1` })
      .where(and(eq(requests.id, current.id), eq(requests.version, input.expectedVersion)))
      .returning();
    if (!updated) {
      throw new AppError(
        'CONFLICT',
        'This request was changed by someone else in the meantime. Reload it and try again.',
      );
    }
    const state = current.caseState;
    await tx.insert(caseEvents).values({
      requestId: current.id,
      actorType: 'operator',
      actorUid: input.actorUid,
      fromState: state,
      toState: state,
      internalNote:
        input.operatorUid === null
          ? 'Returned to the shared queue.'
          : `Assigned to operator ${input.operatorUid}.`,
    });
    return updated;
  });
}

export interface NoteInput {
  requestId: string;
  actorUid: string;
  internalNote: string | null;
  messageToCustomer: string | null;
}

/**
 * An operator's internal note or message to the customer, without a state change; a
 * message answers the plan's reply deadline, counted in `calendar`'s business hours.
 */
export async function addOperatorNote(
  db: Database,
  input: NoteInput,
  calendar: ReplyCalendar,
): Promise<void> {
  await db.transaction((tx) =>
    addCaseNote(
      tx,
      {
        requestId: input.requestId,
        actor: 'operator',
        actorUid: input.actorUid,
        internalNote: input.internalNote,
        messageToCustomer: input.messageToCustomer,
      },
      calendar,
    ),
  );
}

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { CaseState } from '@unban/contract/case-states';
import { notifyCaseChanged } from '../db/case-change-notice';
import type { Transaction } from '../db/client';
import { appeals, caseEvents, requests } from '../db/schema';
import type { CaseEventRow, RequestRow } from '../db/schema';
import type { ReplyCalendar } from '../domain/reply-deadline';
import { isOutcomeState, isPaidMove, transition } from '../domain/case-machine';
import type { CaseActor } from '../domain/case-machine';
import { AppError } from '../errors';
import { playbookIdForCase } from '../playbooks/case-playbook';
import type { CustomerNotice } from '../jobs/email-templates';
import type { TimelineNotice } from '@unban/contract/timeline-notices';
import { emailForCaseState, enqueueCaseEmail } from './case-emails';
import { advanceReplyClock } from './reply-clock';

export interface CaseTransitionInput {
  requestId: string;
  to: CaseState;
  actor: CaseActor;
  /** Firebase uid of the customer or operator; null for system moves. */
  actorUid: string | null;
  messageToCustomer?: string | null;
  /**
   * `messageToCustomer` as data, when the system wrote it: the e-mail says it in the
   * customer's language (the timeline keeps the English words).
   */
  customerNotice?: CustomerNotice | null;
  /**
   * `messageToCustomer` as a code for the timeline (the customer's case page words it in
   * their language), when it is not the e-mail's `customerNotice` itself.
   */
  timelineNotice?: TimelineNotice | null;
  internalNote?: string | null;
  /** The customer's own words, when their message is what moves the case. */
  customerReply?: string | null;
  /** The version the caller last read; a different current version is a CONFLICT. */
  expectedVersion?: number;
  /**
   * The caller's own condition for the move, checked with the request row locked (so no
   * other move can slip in between); throws an AppError to refuse it.
   */
  precondition?: (current: RequestRow) => void;
}

export interface CaseNoteInput {
  requestId: string;
  actor: CaseActor;
  actorUid: string | null;
  messageToCustomer?: string | null;
  /** `messageToCustomer` as a code, when the system wrote it (contract/timeline-notices.ts). */
  notice?: TimelineNotice | null;
  internalNote?: string | null;
  customerReply?: string | null;
}

function hasText(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.trim() !== '';
}

/**
 * Locks the request row for the rest of the transaction, so two moves of one case run one
 * after the other and the second sees the first one's result.
 */
async function lockRequest(tx: Transaction, requestId: string): Promise<RequestRow> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'We could not find this request.');
  return row;
}

/**
 * "Appeal submitted" means an appeal went to the platform: the move from the review needs one
 * sent or recorded on the case (services/appeal-submission.ts records one and makes the move
 * itself, in the same transaction). The platform's later answer may send the case back to
 * needs_info and on to in_review; its appeal is still on record, so it may return.
 */
async function requireAppeal(tx: Transaction, requestId: string): Promise<void> {
  const [appeal] = await tx
    .select({ id: appeals.id })
    .from(appeals)
    .where(eq(appeals.requestId, requestId))
    .limit(1);
  if (!appeal) {
    throw new AppError(
      'APPEAL_REQUIRED',
      'Send or record the appeal first: a case is "appeal submitted" only once an appeal has gone to the platform.',
    );
  }
}

/** The states after which no follow-up is owed: the platform decided, or the work stopped. */
function appealWorkEnds(state: CaseState): boolean {
  return !['in_review', 'needs_info', 'appeal_submitted'].includes(state);
}

/**
 * The payment's and the outcome's times that the move `from` → `to` stamps on the request (the
 * same instant as its case_events row: both are the transaction's now()), the first of each
 * only: nothing when `stamped` already has it. The dashboard and the public results read them
 * (docs/decisions/027).
 */
export function milestonesOfMove(
  from: CaseState,
  to: CaseState,
  stamped: Pick<RequestRow, 'paidAt' | 'outcomeAt'>,
  at: SQL | Date = sql`now()`,
): PgUpdateSetSource<typeof requests> {
  if (isPaidMove(from, to) && stamped.paidAt === null) return { paidAt: at };
  if (isOutcomeState(to) && stamped.outcomeAt === null) return { outcomeAt: at, outcomeState: to };
  return {};
}

/**
 * Moves the case along an edge of domain/case-machine (else AppError INVALID_TRANSITION or
 * FORBIDDEN_TRANSITION), bumps `requests.version`, writes one case_events row and, for
 * moves the customer must hear about, one `email.*` outbox job (case-emails.ts), and moves
 * the plan's reply clock (reply-clock.ts) in `calendar`'s business hours, all in the
 * caller's transaction: if the caller's transaction fails later, neither the move nor its
 * timeline row nor its e-mail nor its deadline remains. Returns the updated request.
 */
export async function applyCaseTransition(
  tx: Transaction,
  input: CaseTransitionInput,
  calendar: ReplyCalendar,
): Promise<RequestRow> {
  const current = await lockRequest(tx, input.requestId);
  input.precondition?.(current);
  if (input.expectedVersion !== undefined && current.version !== input.expectedVersion) {
    throw new AppError(
      'CONFLICT',
      'This request was changed by someone else in the meantime. Reload it and try again.',
    );
  }
  const from = current.caseState;
  const result = transition(from, input.to, input.actor);
  if (!result.ok) throw new AppError(result.code, result.message);
  if (from === 'in_review' && input.to === 'appeal_submitted') await requireAppeal(tx, current.id);

  const replyDueAt = await advanceReplyClock(tx, {
    current,
    to: input.to,
    actor: input.actor,
    messagesCustomer: hasText(input.messageToCustomer),
    calendar,
    now: new Date(),
  });
  // The review starts with the playbook as it is now; later edits are new versions the case
  // does not follow, so its appeal and follow-ups stay consistent.
  const playbookId =
    input.to === 'in_review' && current.playbookId === null
      ? await playbookIdForCase(tx, current)
      : undefined;
  const [updated] = await tx
    .update(requests)
    .set({
      caseState: input.to,
      version: sql`${requests.version} + 1`,
      ...(replyDueAt === undefined ? {} : { replyDueAt }),
      ...(playbookId === undefined ? {} : { playbookId }),
      // An outcome ends the follow-ups: nothing is owed to a platform that has decided.
      ...(appealWorkEnds(input.to) ? { followUpDueAt: null } : {}),
      ...milestonesOfMove(from, input.to, current),
    })
    .where(and(eq(requests.id, current.id), eq(requests.version, current.version)))
    .returning();
  // The row is locked, so the version cannot have moved; if it did, refuse rather than
  // write a timeline row for a move that did not happen.
  if (!updated) {
    throw new AppError('CONFLICT', 'This request was changed in the meantime. Try again.');
  }
  if (appealWorkEnds(input.to)) {
    await tx
      .update(appeals)
      .set({ nextFollowUpAt: null })
      .where(and(eq(appeals.requestId, current.id), isNotNull(appeals.nextFollowUpAt)));
  }
  // Heard by the customer's open pages once this transaction commits (live updates).
  await notifyCaseChanged(tx, updated);

  const [event] = await tx
    .insert(caseEvents)
    .values({
      requestId: current.id,
      actorType: input.actor,
      actorUid: input.actorUid,
      fromState: from,
      toState: input.to,
      messageToCustomer: input.messageToCustomer ?? null,
      // The e-mail's notice is the timeline's too: the system's words, as a code.
      notice: input.timelineNotice ?? input.customerNotice ?? null,
      internalNote: input.internalNote ?? null,
      customerReply: input.customerReply ?? null,
    })
    .returning({ id: caseEvents.id });
  if (!event) throw new Error('Inserting a case event returned no row');

  // The customer hears of the move only if it commits: the e-mail joins this transaction.
  const template = emailForCaseState(input.to);
  if (template) {
    await enqueueCaseEmail(tx, {
      request: updated,
      template,
      state: input.to,
      caseEventId: event.id,
      messageToCustomer: input.messageToCustomer ?? null,
      notice: input.customerNotice ?? null,
    });
  }
  return updated;
}

/**
 * Writes a timeline row without a state change (from = to = the current state): an
 * operator's message or internal note, or a customer's reply. Bumps `requests.version` too,
 * so an operator working from an older read learns that something new arrived. An
 * operator's message to the customer answers the plan's reply clock (reply-clock.ts).
 */
export async function addCaseNote(
  tx: Transaction,
  input: CaseNoteInput,
  calendar: ReplyCalendar,
): Promise<CaseEventRow> {
  const current = await lockRequest(tx, input.requestId);
  const state = current.caseState;
  const hasContent = [input.messageToCustomer, input.internalNote, input.customerReply].some(
    hasText,
  );
  if (!hasContent) {
    throw new AppError('VALIDATION_FAILED', 'Write a message or a note first.');
  }
  const replyDueAt = await advanceReplyClock(tx, {
    current,
    to: state,
    actor: input.actor,
    messagesCustomer: hasText(input.messageToCustomer),
    calendar,
    now: new Date(),
  });
  const [updated] = await tx
    .update(requests)
    .set({
      version: sql`${requests.version} + 1`,
      ...(replyDueAt === undefined ? {} : { replyDueAt }),
    })
    .where(eq(requests.id, current.id))
    .returning();
  // An internal note changes nothing the customer sees; a message or a reply does.
  const customerSees = [input.messageToCustomer, input.customerReply].some(hasText);
  if (updated && customerSees) await notifyCaseChanged(tx, updated);
  const [event] = await tx
    .insert(caseEvents)
    .values({
      requestId: current.id,
      actorType: input.actor,
      actorUid: input.actorUid,
      fromState: state,
      toState: state,
      messageToCustomer: input.messageToCustomer ?? null,
      notice: input.notice ?? null,
      internalNote: input.internalNote ?? null,
      customerReply: input.customerReply ?? null,
    })
    .returning();
  if (!event) throw new Error('Inserting a case event returned no row');
  return event;
}

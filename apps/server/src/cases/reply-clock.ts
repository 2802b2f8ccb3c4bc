import { and, eq, isNull } from 'drizzle-orm';
import type { CaseState } from '@unban/contract/case-states';
import { planIdSchema } from '@unban/contract/plan-id';
import type { Transaction } from '../db/client';
import { replyDeadlines } from '../db/schema';
import type { RequestRow } from '../db/schema';
import type { ReplyCalendar } from '../domain/reply-deadline';
import type { CaseActor } from '../domain/case-machine';
import { replyClockStep, replyDueAt } from '../domain/reply-deadline';

export interface ReplyClockInput {
  /** The request as locked before the entry. */
  current: RequestRow;
  to: CaseState;
  actor: CaseActor;
  messagesCustomer: boolean;
  calendar: ReplyCalendar;
  now: Date;
}

/**
 * Applies one timeline entry to the case's reply clock (domain/reply-deadline.ts): answers
 * the unanswered reply_deadlines row and starts the next one, in the caller's transaction
 * with the request row locked.
 *
 * @returns the value `requests.reply_due_at` must take (the caller writes it with its own
 *   update of the row), or undefined when the entry leaves the clock as it was
 */
export async function advanceReplyClock(
  tx: Transaction,
  input: ReplyClockInput,
): Promise<Date | null | undefined> {
  const { current, now } = input;
  const step = replyClockStep({
    from: current.caseState,
    to: input.to,
    actor: input.actor,
    messagesCustomer: input.messagesCustomer,
    pending: current.replyDueAt !== null,
  });
  if (!step.closePending && !step.startNew) return undefined;
  if (step.closePending) {
    const pending = and(
      eq(replyDeadlines.requestId, current.id),
      isNull(replyDeadlines.answeredAt),
    );
    if (input.actor === 'operator') {
      await tx.update(replyDeadlines).set({ answeredAt: now }).where(pending);
    } else {
      // The customer ended the wait (a cancel from the queue): nobody answered, so it is
      // neither a kept nor a broken promise, and the on-time share must not count it.
      await tx.delete(replyDeadlines).where(pending);
    }
  }
  if (!step.startNew) return null;
  const plan = planIdSchema.parse(current.plan);
  const dueAt = replyDueAt(now, plan, input.calendar);
  await tx.insert(replyDeadlines).values({ requestId: current.id, plan, startedAt: now, dueAt });
  return dueAt;
}

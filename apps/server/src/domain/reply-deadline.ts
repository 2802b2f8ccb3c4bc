import { caseStateInfo } from '@unban/contract/case-states';
import type { CaseState } from '@unban/contract/case-states';
import type { PlanId, Plans } from '@unban/contract/plans';
import { addBusinessMinutes } from './business-calendar';
import type { BusinessCalendar } from './business-calendar';
import type { CaseActor } from './case-machine';

/*
 * The plans' reply promise ("an operator replies within 4 business hours") as a clock on
 * each case. The clock runs while the operator owes the next step (the states whose usual
 * wait is the plan's reply time: queued, in_review) and starts when the case enters one of
 * them: paid (→ queued), the customer's answer (needs_info → in_review). An operator's move
 * or message to the customer answers it; when the case still waits on an operator after
 * that (queued → in_review), a new clock starts from that moment.
 */

/** Whether, in `state`, the next step is an operator's, within the plan's promise. */
export function operatorOwesReply(state: CaseState): boolean {
  return caseStateInfo[state].waitDependsOnPlan;
}

export interface ReplyClockEvent {
  /** The state before and after; equal for a timeline entry without a move. */
  from: CaseState;
  to: CaseState;
  actor: CaseActor;
  /** The entry carries a message the customer reads (an internal note answers nobody). */
  messagesCustomer: boolean;
  /** A clock is running on the case now. */
  pending: boolean;
}

export interface ReplyClockStep {
  /** Stop the running clock now: answered, or the case no longer waits on an operator. */
  closePending: boolean;
  /** Start a new clock now. */
  startNew: boolean;
}

const NOTHING: ReplyClockStep = { closePending: false, startNew: false };

/** What one timeline entry does to the case's reply clock. */
export function replyClockStep(event: ReplyClockEvent): ReplyClockStep {
  const moved = event.from !== event.to;
  if (event.actor === 'operator' && (moved || event.messagesCustomer)) {
    return { closePending: event.pending, startNew: operatorOwesReply(event.to) };
  }
  if (!moved) return NOTHING;
  if (event.pending) {
    // Someone other than an operator left a waiting state (the customer's cancel from the
    // queue): the clock stops with the wait rather than running on a case nobody owes.
    return { closePending: !operatorOwesReply(event.to), startNew: false };
  }
  return { closePending: false, startNew: operatorOwesReply(event.to) };
}

/**
 * The business calendar with the plans whose reply promises run in it (the site identity's
 * plans, `replyWithinBusinessMinutes` and their wording): everything a reply deadline and
 * its message are computed from, threaded as one value.
 */
export interface ReplyCalendar extends BusinessCalendar {
  plans: Plans;
}

/** When a reply clock started at `start` on `plan` falls due. */
export function replyDueAt(start: Date, plan: PlanId, calendar: ReplyCalendar): Date {
  return addBusinessMinutes(start, calendar.plans[plan].replyWithinBusinessMinutes, calendar);
}

/** An answer at `answeredAt` kept the promise (the due instant itself is still on time). */
export function answeredOnTime(dueAt: Date, answeredAt: Date): boolean {
  return answeredAt.getTime() <= dueAt.getTime();
}

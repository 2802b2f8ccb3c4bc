import { describe, expect, it } from 'vitest';
import { caseStates } from '@unban/contract/case-states';
import { caseEdges } from './case-machine';
import { answeredOnTime, operatorOwesReply, replyClockStep, replyDueAt } from './reply-deadline';
import type { ReplyCalendar } from './reply-deadline';
import { defaultSiteIdentity } from '@unban/contract/site-config';

const calendar: ReplyCalendar = {
  timeZone: 'Europe/Madrid',
  workingDays: [1, 2, 3, 4, 5],
  opensAtMinute: 9 * 60,
  closesAtMinute: 17 * 60,
  holidays: ['2026-12-25'],
  plans: defaultSiteIdentity.plans,
};

describe('the reply clock', () => {
  it('runs while the case waits on an operator: queued and in review only', () => {
    expect(caseStates.filter(operatorOwesReply)).toEqual(['queued', 'in_review']);
  });

  it('starts when the payment is confirmed and when the customer answers', () => {
    const paid = { from: 'awaiting_payment', to: 'queued', actor: 'system' } as const;
    expect(replyClockStep({ ...paid, messagesCustomer: true, pending: false })).toEqual({
      closePending: false,
      startNew: true,
    });
    const answer = { from: 'needs_info', to: 'in_review', actor: 'customer' } as const;
    expect(replyClockStep({ ...answer, messagesCustomer: false, pending: false })).toEqual({
      closePending: false,
      startNew: true,
    });
  });

  it('is answered by an operator who moves the case, and restarts while an operator still owes the next step', () => {
    expect(
      replyClockStep({
        from: 'queued',
        to: 'in_review',
        actor: 'operator',
        messagesCustomer: false,
        pending: true,
      }),
    ).toEqual({ closePending: true, startNew: true });
    for (const to of ['needs_info', 'appeal_submitted', 'not_eligible'] as const) {
      expect(
        replyClockStep({
          from: 'in_review',
          to,
          actor: 'operator',
          messagesCustomer: true,
          pending: true,
        }),
      ).toEqual({ closePending: true, startNew: false });
    }
  });

  it('is answered by an operator message to the customer, not by an internal note', () => {
    const note = { from: 'in_review', to: 'in_review', actor: 'operator', pending: true } as const;
    expect(replyClockStep({ ...note, messagesCustomer: true })).toEqual({
      closePending: true,
      startNew: true,
    });
    expect(replyClockStep({ ...note, messagesCustomer: false })).toEqual({
      closePending: false,
      startNew: false,
    });
  });

  it('is neither answered nor restarted by the customer writing again or the system', () => {
    for (const actor of ['customer', 'system'] as const) {
      expect(
        replyClockStep({
          from: 'in_review',
          to: 'in_review',
          actor,
          messagesCustomer: true,
          pending: true,
        }),
      ).toEqual({ closePending: false, startNew: false });
    }
  });

  it('never runs on a case that no longer waits on an operator, whatever edge it took', () => {
    for (const edge of caseEdges) {
      for (const actor of edge.actors) {
        // Every case in an operator-owed state has a running clock.
        const pending = operatorOwesReply(edge.from);
        const step = replyClockStep({ ...edge, actor, messagesCustomer: false, pending });
        const runsAfter = (pending && !step.closePending) || step.startNew;
        expect(runsAfter, `${edge.from} → ${edge.to} by ${actor}`).toBe(operatorOwesReply(edge.to));
      }
    }
  });
});

describe('the reply deadline', () => {
  it('is 8 business hours for Standard and 4 for Priority, skipping nights, weekends and holidays', () => {
    // Thursday 24 Dec 2026, 15:00 in Madrid (14:00 UTC); Friday the 25th is a holiday.
    const start = new Date('2026-12-24T14:00:00Z');
    // 2 h on Thursday, then Monday 28th 9:00 + 2 h (Priority) or + 6 h (Standard).
    expect(replyDueAt(start, 'priority', calendar).toISOString()).toBe('2026-12-28T10:00:00.000Z');
    expect(replyDueAt(start, 'standard', calendar).toISOString()).toBe('2026-12-28T14:00:00.000Z');
  });

  it('counts an answer at the due instant as on time, and a millisecond later as late', () => {
    const due = new Date('2026-12-28T10:00:00Z');
    expect(answeredOnTime(due, due)).toBe(true);
    expect(answeredOnTime(due, new Date(due.getTime() + 1))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { caseStates, type CaseState } from '@unban/contract/case-states';
import { paymentStates, type PaymentState } from '@unban/contract/payment-states';
import { canTransition } from './case-machine';
import { followUpForPayment, type PaymentFollowUp } from './payment-follow-up';

function followUp(
  caseState: CaseState,
  paymentState: PaymentState,
  caseFundedByAnotherAttempt = false,
): PaymentFollowUp {
  return followUpForPayment({ caseState, paymentState, caseFundedByAnotherAttempt });
}

describe('followUpForPayment', () => {
  it('queues a case once its payment is confirmed', () => {
    expect(followUp('awaiting_payment', 'paid')).toEqual({ kind: 'move_case', to: 'queued' });
  });

  it('waits while the payment is not confirmed', () => {
    for (const payment of ['unpaid', 'processing', 'failed', 'expired'] as const) {
      expect(followUp('awaiting_payment', payment)).toEqual({ kind: 'none' });
    }
  });

  it('refunds a decided case that still holds the money (the guarantee)', () => {
    expect(followUp('denied', 'paid')).toEqual({ kind: 'refund_payment', reason: 'guarantee' });
    expect(followUp('not_eligible', 'paid')).toEqual({
      kind: 'refund_payment',
      reason: 'guarantee',
    });
  });

  it('closes a decided case as refunded once the provider confirms the refund', () => {
    expect(followUp('denied', 'refunded')).toEqual({ kind: 'move_case', to: 'refunded' });
    expect(followUp('not_eligible', 'refunded')).toEqual({ kind: 'move_case', to: 'refunded' });
    expect(followUp('denied', 'refund_pending')).toEqual({ kind: 'none' });
  });

  it('refunds money that arrives for a canceled request', () => {
    expect(followUp('canceled', 'paid')).toEqual({
      kind: 'refund_payment',
      reason: 'case_canceled',
    });
    expect(followUp('canceled', 'refunded')).toEqual({ kind: 'none' });
  });

  it('refunds a second payment for a case another attempt already paid', () => {
    for (const caseState of ['queued', 'in_review', 'unbanned', 'denied'] as const) {
      expect(followUp(caseState, 'paid', true)).toEqual({
        kind: 'refund_payment',
        reason: 'duplicate_payment',
      });
    }
    // The duplicate's refund completing says nothing about the case itself.
    expect(followUp('denied', 'refunded', true)).toEqual({ kind: 'none' });
  });

  it('closes an unstarted request whose payment was refunded before it was seen as paid', () => {
    expect(followUp('awaiting_payment', 'refunded')).toEqual({ kind: 'move_case', to: 'canceled' });
  });

  it('leaves a case being worked alone while its payment is paid', () => {
    for (const caseState of [
      'queued',
      'in_review',
      'needs_info',
      'appeal_submitted',
      'unbanned',
    ] as const) {
      expect(followUp(caseState, 'paid')).toEqual({ kind: 'none' });
    }
  });

  it('only ever asks for case moves the system may take', () => {
    for (const caseState of caseStates) {
      for (const paymentState of paymentStates) {
        for (const funded of [false, true]) {
          const result = followUp(caseState, paymentState, funded);
          if (result.kind === 'move_case') {
            expect(canTransition(caseState, result.to, 'system')).toBe(true);
          }
        }
      }
    }
  });
});

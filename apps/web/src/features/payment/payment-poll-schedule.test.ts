import { describe, expect, it } from 'vitest';
import type { CaseState } from '@unban/contract/case-states';
import type { PaymentState } from '@unban/contract/payment-states';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { paymentPollDelay } from './payment-poll-schedule';

function status(paymentState: PaymentState, caseState: CaseState): PaymentStatusResponse {
  return {
    reference: 'UB-7K3Q9XQ2',
    amountMinor: 4900,
    currency: 'USD',
    paymentState,
    caseState,
    phoneMasked: '+•• ••• ••• 143',
    plan: 'standard',
    updatedAt: '2025-03-04T14:05:00.000Z',
    canRetry: false,
  };
}

describe('paymentPollDelay', () => {
  it('asks every 2 s for the first 30 s, then every 5 s, then every 10 s', () => {
    const processing = status('processing', 'awaiting_payment');
    expect(paymentPollDelay(processing, 0)).toBe(2_000);
    expect(paymentPollDelay(processing, 29_999)).toBe(2_000);
    expect(paymentPollDelay(processing, 30_000)).toBe(5_000);
    expect(paymentPollDelay(processing, 119_999)).toBe(5_000);
    expect(paymentPollDelay(processing, 120_000)).toBe(10_000);
    expect(paymentPollDelay(status('unpaid', 'awaiting_payment'), 3_600_000)).toBe(10_000);
  });

  it.each([
    ['failed', 'awaiting_payment'],
    ['expired', 'awaiting_payment'],
    ['refunded', 'refunded'],
    ['paid', 'unbanned'],
  ] as const)('stops once nothing more can change (%s, case %s)', (paymentState, caseState) => {
    expect(paymentPollDelay(status(paymentState, caseState), 0)).toBeNull();
  });

  it.each([
    ['paid', 'queued'],
    ['paid', 'denied'],
    ['refund_pending', 'refunded'],
  ] as const)('asks every 30 s while %s (case %s) can still move', (paymentState, caseState) => {
    expect(paymentPollDelay(status(paymentState, caseState), 0)).toBe(30_000);
  });
});

import { describe, expect, it } from 'vitest';
import {
  finalPaymentStates,
  isFinalPaymentState,
  paymentStateInfo,
  paymentStates,
} from './payment-states';
import { paymentStateSchema } from './state-schemas';

describe('payment states', () => {
  it('are the seven states of the design', () => {
    expect([...paymentStates].sort()).toEqual(
      ['unpaid', 'processing', 'paid', 'refund_pending', 'refunded', 'failed', 'expired'].sort(),
    );
    expect(paymentStateSchema.safeParse('queued').success).toBe(false);
  });

  it('explain every state in a sentence, with distinct labels', () => {
    const labels = paymentStates.map((state) => paymentStateInfo[state].label);
    expect(new Set(labels).size).toBe(paymentStates.length);
    for (const state of paymentStates) {
      expect(paymentStateInfo[state].meaning).toMatch(/^[A-Z].*\.$/);
      expect(paymentStateInfo[state].next).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('end with a refund, a failure or an expiry', () => {
    expect([...finalPaymentStates].sort()).toEqual(['expired', 'failed', 'refunded']);
    expect(isFinalPaymentState('paid')).toBe(false);
  });

  it('offer a retry only where no money was taken', () => {
    const retry = paymentStates.filter((state) => paymentStateInfo[state].canRetry);
    expect(retry.sort()).toEqual(['expired', 'failed']);
  });

  it('tell the customer how long a refund takes to arrive', () => {
    expect(paymentStateInfo.refund_pending.usualWait).toBe(
      '5–10 business days to appear on your statement',
    );
  });
});

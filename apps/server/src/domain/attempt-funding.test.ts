import type { PaymentState } from '@unban/contract/payment-states';
import { describe, expect, it } from 'vitest';
import type { Attempt } from './attempt-funding';
import { fundingAttempt, isFundedByAnotherAttempt, requestPaymentState } from './attempt-funding';

const at = (minute: number, state: PaymentState, id = `p${minute}`): Attempt => ({
  id,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)),
  state,
});

describe('attempt funding', () => {
  it('lets the oldest attempt that took money fund the case, whatever the list order', () => {
    const older = at(1, 'paid');
    const younger = at(2, 'paid');
    expect(fundingAttempt([younger, older])).toBe(older);
    expect(isFundedByAnotherAttempt(younger, [younger, older])).toBe(true);
    expect(isFundedByAnotherAttempt(older, [younger, older])).toBe(false);
  });

  it('keeps a refunded funder as the funder, so a later payment is a duplicate', () => {
    const refunded = at(1, 'refunded');
    const late = at(2, 'paid');
    expect(isFundedByAnotherAttempt(late, [refunded, late])).toBe(true);
  });

  it('breaks a tie on the creation time by id', () => {
    const a = at(1, 'paid', 'a');
    const b = at(1, 'paid', 'b');
    expect(fundingAttempt([b, a])).toBe(a);
  });

  it('summarises the request: the funder once money arrived, else the newest attempt', () => {
    expect(requestPaymentState([])).toBe('unpaid');
    expect(requestPaymentState([at(1, 'failed'), at(2, 'unpaid')])).toBe('unpaid');
    expect(requestPaymentState([at(1, 'expired'), at(2, 'processing')])).toBe('processing');
    expect(requestPaymentState([at(1, 'paid'), at(2, 'refunded')])).toBe('paid');
    expect(requestPaymentState([at(1, 'failed'), at(2, 'refund_pending')])).toBe('refund_pending');
  });
});

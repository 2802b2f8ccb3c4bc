import { describe, expect, it } from 'vitest';
import { CASE_POLL_INTERVAL, casePollDelay } from './get-request';
import { requestDetail } from '../test-fixtures';

describe('casePollDelay', () => {
  it('keeps checking an open case', () => {
    expect(casePollDelay(requestDetail({ caseState: 'in_review' }))).toBe(CASE_POLL_INTERVAL);
    expect(
      casePollDelay(requestDetail({ caseState: 'awaiting_payment', paymentState: 'unpaid' })),
    ).toBe(CASE_POLL_INTERVAL);
  });

  it('stops once the case is over and its payment settled', () => {
    expect(
      casePollDelay(requestDetail({ caseState: 'unbanned', paymentState: 'paid' })),
    ).toBeNull();
    expect(
      casePollDelay(requestDetail({ caseState: 'refunded', paymentState: 'refunded' })),
    ).toBeNull();
    expect(
      casePollDelay(requestDetail({ caseState: 'canceled', paymentState: 'expired' })),
    ).toBeNull();
  });

  it('keeps checking a closed case while its refund is still on its way', () => {
    expect(
      casePollDelay(requestDetail({ caseState: 'refunded', paymentState: 'refund_pending' })),
    ).toBe(CASE_POLL_INTERVAL);
  });
});

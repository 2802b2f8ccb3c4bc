import { describe, expect, it } from 'vitest';
import { paymentStatusResponseSchema } from '@unban/contract/requests';
import { parsePaymentStatus, readErrorBody } from './parse-payment-status';

const valid = {
  reference: 'UB-7K2M9QXA',
  amountMinor: 4900,
  currency: 'USD',
  paymentState: 'unpaid',
  caseState: 'awaiting_payment',
  phoneMasked: '+1 •••• ••43',
  plan: 'standard',
  updatedAt: '2026-11-24T10:00:00.000Z',
  canRetry: false,
};

/** Each field broken on its own, in a way the contract's schema refuses. */
const broken: Record<string, unknown>[] = [
  { reference: 'ub-7k2m9qxa' },
  { reference: 42 },
  { amountMinor: 49.5 },
  { amountMinor: -1 },
  { amountMinor: '4900' },
  { currency: 'usd' },
  { paymentState: 'lost' },
  { caseState: 'unknown_state' },
  { phoneMasked: null },
  { plan: 'gold' },
  { updatedAt: 'yesterday' },
  { canRetry: 'no' },
];

describe('parsePaymentStatus', () => {
  it('accepts what the contract accepts, and gives the same value', () => {
    expect(paymentStatusResponseSchema.safeParse(valid).success).toBe(true);
    expect(parsePaymentStatus(valid)).toEqual(paymentStatusResponseSchema.parse(valid));
  });

  it.each(broken)('refuses what the contract refuses: %o', (change) => {
    const answer = { ...valid, ...change };
    expect(paymentStatusResponseSchema.safeParse(answer).success).toBe(false);
    expect(parsePaymentStatus(answer)).toBeNull();
  });

  it('refuses a missing field and anything that is not an object', () => {
    const { canRetry: _dropped, ...withoutCanRetry } = valid;
    expect(parsePaymentStatus(withoutCanRetry)).toBeNull();
    expect(parsePaymentStatus(null)).toBeNull();
    expect(parsePaymentStatus([valid])).toBeNull();
  });
});

describe('readErrorBody', () => {
  it('reads the API error body and nothing else', () => {
    expect(readErrorBody({ error: { code: 'NOT_FOUND', message: 'No such payment.' } })).toEqual({
      code: 'NOT_FOUND',
      message: 'No such payment.',
    });
    expect(readErrorBody({ error: 'NOT_FOUND' })).toBeNull();
    expect(readErrorBody('<html>Bad gateway</html>')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { paymentStatusResponseSchema } from '@unban/contract/requests';
import { toPaymentStatus } from './request-views';
import type { PaymentStatusColumns } from './request-views';

/*
 * The status read's route writes its answer without parsing it again (plainJsonSerializer),
 * so toPaymentStatus is what keeps a stored value no screen knows from reaching one.
 */
const row: PaymentStatusColumns = {
  reference: 'UB-YZMVCZ8G',
  priceAmount: 4900,
  currency: 'USD',
  paymentState: 'failed',
  caseState: 'awaiting_payment',
  phoneE164: '+12025550143',
  plan: 'standard',
  updatedAt: new Date('2026-11-27T10:05:00.000Z'),
};

describe('toPaymentStatus', () => {
  it('builds an answer the contract accepts as it is', () => {
    const answer = toPaymentStatus(row);
    expect(paymentStatusResponseSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ amountMinor: 4900, canRetry: true });
    expect(answer.phoneMasked).not.toContain('202555');
  });

  it.each([
    ['caseState', 'lost'],
    ['paymentState', 'maybe'],
    ['plan', 'gold'],
    ['currency', 'usd'],
  ] as const)(
    'refuses a row whose %s is %j, which the contract does not allow',
    (column, value) => {
      expect(() => toPaymentStatus({ ...row, [column]: value } as PaymentStatusColumns)).toThrow();
    },
  );
});

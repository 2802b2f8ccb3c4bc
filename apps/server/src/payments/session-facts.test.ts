import { describe, expect, it } from 'vitest';
import { foldPaymentEvents } from '../domain/payment-machine';
import type { ProviderSession } from './providers/provider';
import { factsFromSession } from './session-facts';

const order = { amount: 4900, currency: 'USD' };

function session(overrides: Partial<ProviderSession>): ProviderSession {
  return {
    sessionId: 'cs_1',
    status: 'open',
    paymentStatus: 'unpaid',
    paymentFailed: false,
    paymentIntentId: null,
    amountTotal: 4900,
    currency: 'USD',
    amountRefunded: 0,
    metadata: {},
    ...overrides,
  };
}

const stateOf = (truth: Partial<ProviderSession>) =>
  foldPaymentEvents(factsFromSession(session(truth), order).facts);

describe('factsFromSession', () => {
  it('maps each session truth to the payment state it proves', () => {
    expect(stateOf({ status: 'open' })).toBe('unpaid');
    expect(stateOf({ status: 'expired' })).toBe('expired');
    expect(stateOf({ status: 'complete', paymentStatus: 'paid' })).toBe('paid');
    expect(stateOf({ status: 'complete', paymentStatus: 'no_payment_required' })).toBe('paid');
    expect(stateOf({ status: 'complete', paymentStatus: 'unpaid' })).toBe('processing');
    expect(stateOf({ status: 'complete', paymentStatus: 'unpaid', paymentFailed: true })).toBe(
      'failed',
    );
    expect(stateOf({ status: 'complete', paymentStatus: 'paid', amountRefunded: 4900 })).toBe(
      'refunded',
    );
  });

  it('does not count a partial refund as refunded', () => {
    expect(stateOf({ status: 'complete', paymentStatus: 'paid', amountRefunded: 1000 })).toBe(
      'paid',
    );
  });

  it('does not take money of another amount or currency as payment, and says so', () => {
    const cheaper = factsFromSession(
      session({ status: 'complete', paymentStatus: 'paid', amountTotal: 100 }),
      order,
    );
    expect(cheaper.facts).toEqual([]);
    expect(cheaper.problem).toContain('not treated as paid');
    const euros = factsFromSession(
      session({ status: 'complete', paymentStatus: 'paid', currency: 'EUR' }),
      order,
    );
    expect(euros.facts).toEqual([]);
  });
});

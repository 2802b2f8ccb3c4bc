import type { PaymentEvent } from '../domain/payment-machine';
import type { ProviderSession } from './providers/provider';

export interface ExpectedCharge {
  /** What we asked for, in minor units. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface SessionFacts {
  /** Facts for domain/payment-machine: folding them into the attempt's state gives its new state. */
  facts: PaymentEvent[];
  /** Something an operator must look at (logged); null when the session is as expected. */
  problem: string | null;
}

/**
 * Maps the provider's current truth about a session onto payment-machine facts. Working
 * from the truth rather than from the event that woke us up is what makes every
 * delivery order end the same: whichever event arrives (late, twice, out of order), we
 * learn everything that is true by now, and the fold never moves a state down.
 *
 * Money that does not match the order (another amount or currency) is not taken as
 * payment: the case must not start for a price we did not ask. It is reported instead.
 */
export function factsFromSession(session: ProviderSession, expected: ExpectedCharge): SessionFacts {
  const facts: PaymentEvent[] = [];
  const amountMatches =
    session.amountTotal === expected.amount && session.currency === expected.currency;

  if (session.status === 'expired') facts.push('checkout_expired');

  if (session.status === 'complete') {
    if (session.paymentStatus === 'unpaid') {
      facts.push(session.paymentFailed ? 'async_payment_failed' : 'checkout_completed_unpaid');
    } else if (amountMatches) {
      facts.push('checkout_completed_paid');
    } else {
      return {
        facts,
        problem: `Session ${session.sessionId} was paid with ${session.amountTotal ?? '?'} ${session.currency ?? '?'} but the order is ${expected.amount} ${expected.currency}; not treated as paid.`,
      };
    }
  }

  // A refund only counts once it covers everything paid; partial refunds are not a state.
  if (session.amountRefunded > 0 && session.amountRefunded >= expected.amount) {
    facts.push('charge_refunded');
  }
  return { facts, problem: null };
}

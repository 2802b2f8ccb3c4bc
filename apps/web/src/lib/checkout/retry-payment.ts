import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../i18n/catalog';
import { ApiError } from '../api/api-error';
import type { CheckoutRedirectStatus } from './use-checkout-redirect';
import { useCheckoutRedirect } from './use-checkout-redirect';

/*
 * The payment-status screen ("Try again") and the case page ("Pay now") start a new checkout
 * the same way; in lib because the two features may not import each other.
 */

/**
 * What to tell the customer when a new checkout could not be started. `stale`: the payment
 * moved on meanwhile (409), so the screen should show the latest state.
 */
export function checkoutStartProblem(
  error: unknown,
  intl: IntlShape,
): { message: string; stale: boolean } {
  const say = (id: MessageId) => intl.formatMessage({ id });
  if (error instanceof ApiError && error.status === 409) {
    return { message: say('checkout.stale'), stale: true };
  }
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR') {
    return { message: say('checkout.offline'), stale: false };
  }
  return { message: say('checkout.failed'), stale: false };
}

export interface RetryPaymentFlow {
  /** Starts a new checkout and leaves for it; on failure sets `problem` instead. */
  retry: () => Promise<void>;
  status: CheckoutRedirectStatus;
  /** Why the last attempt failed, for the customer; cleared by the next attempt. */
  problem: string | null;
}

/** See retry-payment-request.ts; `onStale` runs when the server says the payment moved on meanwhile. */
export function useRetryPayment(
  request: string,
  statusToken: string | null,
  onStale: () => void,
): RetryPaymentFlow {
  const { leaveForCheckout, status } = useCheckoutRedirect();
  const [problem, setProblem] = useState<string | null>(null);
  const intl = useIntl();

  const retry = async () => {
    setProblem(null);
    try {
      await leaveForCheckout(async () => {
        // Its own chunk, loaded on the click: it validates with the contract's schemas, which
        // the payment-status screen (the checkout's way back) does without.
        const { retryPayment } = await import('./retry-payment-request');
        return (await retryPayment(request, statusToken)).checkoutUrl;
      });
    } catch (error) {
      const { message, stale } = checkoutStartProblem(error, intl);
      setProblem(message);
      if (stale) onStale();
    }
  };

  return { retry, status, problem };
}

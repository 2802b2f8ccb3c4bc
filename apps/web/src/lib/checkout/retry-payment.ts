import { useState } from 'react';
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
export function checkoutStartProblem(error: unknown): { message: string; stale: boolean } {
  if (error instanceof ApiError && error.status === 409) {
    return {
      message:
        'This payment can no longer be started because its status has changed. The latest status is shown on this page.',
      stale: true,
    };
  }
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR') {
    return {
      message:
        'We could not reach our server. Check your connection and try again. Nothing has been charged.',
      stale: false,
    };
  }
  return {
    message:
      'We could not start a new checkout. Nothing has been charged. Please try again in a moment.',
    stale: false,
  };
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
      const { message, stale } = checkoutStartProblem(error);
      setProblem(message);
      if (stale) onStale();
    }
  };

  return { retry, status, problem };
}

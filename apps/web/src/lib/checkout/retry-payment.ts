import { useState } from 'react';
import type { RetryPaymentResponse } from '@unban/contract/requests';
import { retryPaymentResponseSchema } from '@unban/contract/requests';
import { ApiError, apiFetch } from '../api/api-client';
import { ownerTokenUnless } from '../auth/owner-token';
import type { CheckoutRedirectStatus } from './use-checkout-redirect';
import { useCheckoutRedirect } from './use-checkout-redirect';

/*
 * The payment-status screen ("Try again") and the case page ("Pay now") start a new checkout
 * the same way; in lib because the two features may not import each other.
 */

/**
 * `POST /api/requests/:id/retry-payment`. `request` is the request's id or its reference (the
 * payment-status link carries only the reference). With the link's `statusToken` the holder of
 * the link asks; without one, the signed-in owner. Answers 409 when the payment can no longer
 * be started.
 */
export async function retryPayment(
  request: string,
  statusToken: string | null,
  signal?: AbortSignal,
): Promise<RetryPaymentResponse> {
  const query = statusToken ? `?${new URLSearchParams({ token: statusToken }).toString()}` : '';
  return apiFetch(`/api/requests/${encodeURIComponent(request)}/retry-payment${query}`, {
    method: 'POST',
    schema: retryPaymentResponseSchema,
    token: await ownerTokenUnless(statusToken),
    signal,
  });
}

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

/** See retryPayment; `onStale` runs when the server says the payment moved on meanwhile. */
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
      await leaveForCheckout(async () => (await retryPayment(request, statusToken)).checkoutUrl);
    } catch (error) {
      const { message, stale } = checkoutStartProblem(error);
      setProblem(message);
      if (stale) onStale();
    }
  };

  return { retry, status, problem };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from './api-error';
import { beginLoading } from './loading-store';

/*
 * Shared by the payment-status screen and the case page ("Try again" / "Pay now"): both ask
 * the server for a new checkout and leave for it. In lib because the two features may not
 * import each other.
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

export type CheckoutRedirectStatus = 'idle' | 'starting' | 'leaving';

export interface CheckoutRedirect {
  /**
   * Runs `start` (which answers the checkout address) with the loading flag on, then leaves
   * for that address. Rejects with `start`'s error, the flag off again, so the caller can say
   * what went wrong. A second call while one is under way does nothing.
   */
  leaveForCheckout: (start: () => Promise<string>) => Promise<void>;
  /** Not idle from the click until the page has gone or the start failed. */
  status: CheckoutRedirectStatus;
}

export function useCheckoutRedirect(): CheckoutRedirect {
  const [status, setStatus] = useState<CheckoutRedirectStatus>('idle');
  // A ref, not the state: two clicks in one frame both see the state before React re-renders.
  const inFlight = useRef(false);
  const endLoading = useRef<(() => void) | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    // Back from the checkout, the browser may restore this page from its back/forward cache
    // exactly as it was left: loading flag on, button disabled. Undo the leaving state.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !endLoading.current) return;
      endLoading.current();
      endLoading.current = null;
      leaving.current = false;
      inFlight.current = false;
      setStatus('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      const end = endLoading.current;
      endLoading.current = null;
      if (!end) return;
      if (!leaving.current) {
        // Unmounted while the checkout was still being asked for: do not leave the flag on.
        end();
        return;
      }
      // Unmounted while the browser is leaving (a status update removed the button): the flag
      // stays on until the checkout replaces this page, or ends if the page comes back.
      window.addEventListener(
        'pageshow',
        (event) => {
          if (event.persisted) end();
        },
        { once: true },
      );
    };
  }, []);

  const leaveForCheckout = useCallback(async (start: () => Promise<string>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus('starting');
    // Not withLoading(): on success the flag stays on while the checkout page loads.
    const end = beginLoading();
    endLoading.current = end;
    try {
      const checkoutUrl = await start();
      leaving.current = true;
      // Rendered before leaving, not batched: on a busy device the checkout may replace this
      // page before a scheduled render, and the customer would last see "Sending…".
      flushSync(() => setStatus('leaving'));
      window.location.assign(checkoutUrl);
    } catch (error) {
      end();
      endLoading.current = null;
      inFlight.current = false;
      setStatus('idle');
      throw error;
    }
  }, []);

  return { leaveForCheckout, status };
}

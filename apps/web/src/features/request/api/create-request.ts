import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CreateRequestBodyInput, CreateRequestResponse } from '@unban/contract/requests';
import { createRequestResponseSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import { ensureUser, getIdToken } from '../../../lib/auth/auth';
import { beginLoading } from '../../../lib/loading/loading-store';
import { submissionKeyFor } from './submission-key';

export const CREATE_REQUEST_PATH = '/api/requests';

/**
 * `POST /api/requests` as the signed-in (possibly anonymous) user. The answer names the case
 * and where to pay; the server sets the price from the plan.
 */
export async function createRequest(
  body: CreateRequestBodyInput,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<CreateRequestResponse> {
  const token = await getIdToken();
  return apiFetch(CREATE_REQUEST_PATH, {
    method: 'POST',
    body,
    schema: createRequestResponseSchema,
    token,
    headers: { 'Idempotency-Key': idempotencyKey },
    signal,
  });
}

/** False when `url` only changes the hash: going there keeps this document. */
function unloadsThisPage(url: string): boolean {
  const here = new URL(window.location.href);
  const target = new URL(url, here);
  return !(
    target.origin === here.origin &&
    target.pathname === here.pathname &&
    target.search === here.search &&
    target.hash !== ''
  );
}

export type CreateRequestStatus = 'idle' | 'submitting' | 'leaving';

export interface CreateRequestFlow {
  /**
   * Gives the visitor an identity (anonymous if needed), creates the request and leaves for
   * the checkout. Resolves as the page starts to unload; rejects with the ApiError or auth
   * error when anything fails, so the form can say what went wrong.
   */
  submitAndPay: (body: CreateRequestBodyInput) => Promise<void>;
  /** Not idle from the click until the page has gone (or failed): the button stays disabled. */
  status: CreateRequestStatus;
}

export function useCreateRequest(): CreateRequestFlow {
  const [status, setStatus] = useState<CreateRequestStatus>('idle');
  // A ref, not the state: two clicks in one frame both see the state before React re-renders.
  const inFlight = useRef(false);
  const endLoading = useRef<(() => void) | null>(null);

  useEffect(() => {
    // Back from the checkout, the browser may restore this page from its back/forward cache
    // exactly as it was left: loading flag on, button disabled. Undo the leaving state.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !endLoading.current) return;
      endLoading.current();
      endLoading.current = null;
      inFlight.current = false;
      setStatus('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const submitAndPay = useCallback(async (body: CreateRequestBodyInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus('submitting');
    // Not withLoading(): on success the flag must stay on while the checkout page loads, and
    // the work "finishes" the moment navigation starts. It is ended on failure, or when the
    // answer is a screen of this app rather than the checkout.
    const end = beginLoading();
    try {
      await ensureUser();
      const created = await createRequest(body, await submissionKeyFor(body));
      if (unloadsThisPage(created.checkoutUrl)) {
        endLoading.current = end;
        // Rendered before leaving, not batched: on a busy device the checkout may replace
        // this page before a scheduled render, and the button would still say "Sending…".
        flushSync(() => setStatus('leaving'));
      } else {
        // The same answers as an order already paid get its status screen, a screen of this
        // app: the router shows it without unloading the page, so end the flag here.
        end();
        inFlight.current = false;
        setStatus('idle');
      }
      window.location.assign(created.checkoutUrl);
    } catch (error) {
      end();
      inFlight.current = false;
      setStatus('idle');
      throw error;
    }
  }, []);

  return { submitAndPay, status };
}

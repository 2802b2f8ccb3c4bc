import { useCallback } from 'react';
import type { CreateRequestBodyInput, CreateRequestResponse } from '@unban/contract/requests';
import { createRequestResponseSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import { ensureUser, getIdToken } from '../../../lib/auth/auth';
import type { CheckoutRedirectStatus } from '../../../lib/checkout/use-checkout-redirect';
import { useCheckoutRedirect } from '../../../lib/checkout/use-checkout-redirect';
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

export interface CreateRequestFlow {
  /**
   * Gives the visitor an identity (anonymous if needed), creates the request and leaves for
   * the checkout. Resolves as the page starts to unload; rejects with the ApiError or auth
   * error when anything fails, so the form can say what went wrong.
   */
  submitAndPay: (body: CreateRequestBodyInput) => Promise<void>;
  /** Not idle from the click until the page has gone (or failed): the button stays disabled. */
  status: CheckoutRedirectStatus;
}

export function useCreateRequest(): CreateRequestFlow {
  const { leaveForCheckout, status } = useCheckoutRedirect();
  const submitAndPay = useCallback(
    (body: CreateRequestBodyInput) =>
      leaveForCheckout(async () => {
        await ensureUser();
        return (await createRequest(body, await submissionKeyFor(body))).checkoutUrl;
      }),
    [leaveForCheckout],
  );
  return { submitAndPay, status };
}

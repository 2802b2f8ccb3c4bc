import { useCallback } from 'react';
import type { CreateRequestBodyInput, CreateRequestResponse } from '@unban/contract/requests';
import { createRequestResponseSchema } from '@unban/contract/requests';
import { apiFetch } from '../../../lib/api/api-client';
import { uploadEvidence } from '../../../lib/evidence/evidence-api';
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

/**
 * The request was created but its screenshots were not added (`cause` says why). Sending the
 * form again finds the same request (same Idempotency-Key) and tries the files again; the
 * server keeps a file sent twice once.
 */
export class EvidenceUploadError extends Error {
  override readonly name = 'EvidenceUploadError';
  constructor(override readonly cause: unknown) {
    super('The request was saved but its screenshots were not added.');
  }
}

export interface CreateRequestFlow {
  /**
   * Gives the visitor an identity (anonymous if needed), creates the request, attaches the
   * screenshots and leaves for the checkout. Resolves as the page starts to unload; rejects
   * with the ApiError, auth error or EvidenceUploadError when anything fails, so the form
   * can say what went wrong.
   */
  submitAndPay: (body: CreateRequestBodyInput, evidence?: readonly File[]) => Promise<void>;
  /** Not idle from the click until the page has gone (or failed): the button stays disabled. */
  status: CheckoutRedirectStatus;
}

export function useCreateRequest(): CreateRequestFlow {
  const { leaveForCheckout, status } = useCheckoutRedirect();
  const submitAndPay = useCallback(
    (body: CreateRequestBodyInput, evidence: readonly File[] = []) =>
      leaveForCheckout(async () => {
        await ensureUser();
        const created = await createRequest(body, await submissionKeyFor(body));
        if (evidence.length > 0) {
          try {
            await uploadEvidence(created.id, evidence, { idToken: await getIdToken() });
          } catch (error) {
            throw new EvidenceUploadError(error);
          }
        }
        return created.checkoutUrl;
      }),
    [leaveForCheckout],
  );
  return { submitAndPay, status };
}

import { caseStates } from '@unban/contract/case-states';
import type { ErrorCode } from '@unban/contract/errors';
import { paymentStates } from '@unban/contract/payment-states';
import { planIds } from '@unban/contract/plans';
import type { PaymentStatusResponse } from '@unban/contract/requests';

/**
 * The payment-status answer checked by hand rather than with the contract's zod schema: the
 * screen is the checkout's way back, and zod alone would double what it downloads. Checks the
 * same shape as `paymentStatusResponseSchema` (requests.ts); its test holds the two together.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

export function parsePaymentStatus(data: unknown): PaymentStatusResponse | null {
  if (!isObject(data)) return null;
  const { reference, amountMinor, currency, paymentState, caseState, phoneMasked, plan } = data;
  const { updatedAt, canRetry } = data;
  if (
    !isText(reference) ||
    !/^UB-[0-9A-Z]{8}$/.test(reference) ||
    !Number.isSafeInteger(amountMinor) ||
    (amountMinor as number) < 0 ||
    !isText(currency) ||
    !/^[A-Z]{3}$/.test(currency) ||
    !oneOf(paymentStates)(paymentState) ||
    !oneOf(caseStates)(caseState) ||
    !isText(phoneMasked) ||
    !oneOf(planIds)(plan) ||
    !isText(updatedAt) ||
    Number.isNaN(Date.parse(updatedAt)) ||
    typeof canRetry !== 'boolean'
  ) {
    return null;
  }
  return {
    reference,
    amountMinor: amountMinor as number,
    currency,
    paymentState,
    caseState,
    phoneMasked,
    plan,
    updatedAt,
    canRetry,
  };
}

/** `{ error: { code, message } }`, the API's error body, when the answer is one. */
export function readErrorBody(data: unknown): { code: ErrorCode; message: string } | null {
  if (!isObject(data) || !isObject(data.error)) return null;
  const { code, message } = data.error;
  if (!isText(code) || !/^[A-Z_]+$/.test(code) || !isText(message)) return null;
  return { code: code as ErrorCode, message };
}

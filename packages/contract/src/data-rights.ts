import { z } from 'zod';
import type { CaseState } from './case-states';
import { evidenceItemSchema } from './evidence';
import { requestDetailSchema } from './requests';
import { paymentStateSchema } from './state-schemas';

/**
 * The customer's data rights (cancel, export, erase) and how long we keep what. The privacy
 * page states these rules from this file, and the server enforces them from the same
 * values, so the page and the code cannot drift apart (docs/decisions/017).
 */

/**
 * The states a customer may cancel a request from: before an operator starts work, that is
 * before `queued → in_review`. Held equal to the customer's edges into `canceled` in the
 * server's case machine by a test (apps/server/src/domain/case-machine.test.ts).
 */
export const customerCancelableStates = [
  'awaiting_payment',
  'queued',
] as const satisfies readonly CaseState[];

export function customerMayCancel(state: CaseState): boolean {
  return (customerCancelableStates as readonly CaseState[]).includes(state);
}

export const dataRetention = {
  /**
   * The most days an unpaid, abandoned request is kept: the privacy page promises deletion
   * within this many days, so RETENTION_UNPAID_DAYS may shorten it but never exceed it.
   */
  unpaidRequestMaxDays: 30,
  /**
   * The fewest: a checkout stays payable for up to a day (Stripe's longest session), so a
   * request is never deleted while money could still arrive for it.
   */
  unpaidRequestMinDays: 2,
  /** Payment records are kept this many years after the payment, as tax law requires. */
  paymentRecordYears: 10,
} as const;

const timestampSchema = z.iso.datetime({ offset: true });

/**
 * The body of the two actions that cannot be undone: the caller confirms on purpose (the
 * screens ask first), so a stray or replayed call without it changes nothing.
 */
export const cancelRequestBodySchema = z.object({
  confirm: z.literal(true, { error: 'Confirm that you want to cancel this request.' }),
});
export type CancelRequestBody = z.infer<typeof cancelRequestBodySchema>;

export const eraseDataBodySchema = z.object({
  confirm: z.literal(true, { error: 'Confirm that you want to erase your data.' }),
});
export type EraseDataBody = z.infer<typeof eraseDataBodySchema>;

/** One payment attempt as the customer's export lists it: never card data (we hold none). */
export const exportedPaymentSchema = z.object({
  createdAt: timestampSchema,
  provider: z.string(),
  state: paymentStateSchema,
  amountMinor: z.number().int(),
  refundedMinor: z.number().int(),
  currency: z.string(),
});

/** One e-mail we wrote to the customer (queued or sent). */
export const exportedEmailSchema = z.object({
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  to: z.string(),
  subject: z.string(),
  /** pending | sending | sent | failed */
  status: z.string(),
});

export const exportedRequestSchema = requestDetailSchema.extend({
  payments: z.array(exportedPaymentSchema),
  evidence: z.array(evidenceItemSchema),
  emails: z.array(exportedEmailSchema),
});

/** `GET /api/account/data`: everything we hold about the caller, as one JSON download. */
export const dataExportSchema = z.object({
  exportedAt: timestampSchema,
  account: z.object({
    uid: z.string(),
    email: z.string().nullable(),
    signInProvider: z.string(),
  }),
  requests: z.array(exportedRequestSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `DELETE /api/account/data`: what the erasure did. */
export const eraseResponseSchema = z.object({
  /** Requests whose personal data was erased. */
  erasedRequests: z.number().int().nonnegative(),
  /** Of those, the ones whose anonymized payment record we must keep (dataRetention). */
  keptPaymentRecords: z.number().int().nonnegative(),
});
export type EraseResponse = z.infer<typeof eraseResponseSchema>;

import { z } from 'zod';
import { apiFetch } from '../../lib/api-client';

/**
 * The answer of `GET /api/payments/status?order=…&token=…`. The payments API is not built yet;
 * this mirrors DESIGN section 5 (payment states) and section 6 (customers see a short
 * reference) and moves to packages/contract when that endpoint is written.
 */
export const paymentStateSchema = z.enum([
  'unpaid',
  'processing',
  'paid',
  'refund_pending',
  'refunded',
  'failed',
  'expired',
]);
export type PaymentState = z.infer<typeof paymentStateSchema>;

export const paymentStatusResponseSchema = z.object({
  reference: z.string().min(1),
  paymentState: paymentStateSchema,
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

export interface PaymentStatusQuery {
  order: string;
  token: string;
}

export function fetchPaymentStatus(
  { order, token }: PaymentStatusQuery,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  const query = new URLSearchParams({ order, token }).toString();
  return apiFetch(`/api/payments/status?${query}`, {
    schema: paymentStatusResponseSchema,
    signal,
  });
}

import type { PaymentStatusQuery } from './payment-status-query';

/** `GET /api/payments/status?order=…&token=…`, the address the screen reads (and the boot code may pre-read). */
export function paymentStatusPath({ order, token }: PaymentStatusQuery): string {
  const query = new URLSearchParams({ order });
  if (token) query.set('token', token);
  return `/api/payments/status?${query.toString()}`;
}

/**
 * What the payment-status link carries: the case reference and its private token. A link
 * without a token (the owner retried from the case page) is read with the owner's sign-in.
 */
export interface PaymentStatusQuery {
  order: string;
  token: string | null;
}

/**
 * The query of a payment-status address, read one way everywhere: by the screen, and by the
 * server when it renders the page's document (so both name the same answer). Null without
 * an order.
 */
export function readPaymentStatusQuery(params: URLSearchParams): PaymentStatusQuery | null {
  const order = params.get('order')?.trim();
  const token = params.get('token')?.trim() || null;
  return order ? { order, token } : null;
}

/** The screen's resource key: one order as read with one token (or the owner's sign-in). */
export function paymentStatusKey({ order, token }: PaymentStatusQuery): string {
  return `payment-status\n${order}\n${token ?? ''}`;
}

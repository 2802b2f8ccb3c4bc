/**
 * What the payment-status link carries: the case reference and its private token. A link
 * without a token (the owner retried from the case page) is read with the owner's sign-in.
 */
export interface PaymentStatusQuery {
  order: string;
  token: string | null;
}

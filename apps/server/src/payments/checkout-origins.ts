import type { PaymentsConfig } from '../config/env';

/** Where Stripe Checkout's hosted pages live. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * Origins outside the site that pages may send the customer to with a form post, for the
 * Content-Security-Policy's form-action. The web app goes to the checkout with
 * `location.assign` (which form-action does not govern), so this only matters for a form
 * that posts to the checkout, e.g. a no-script fallback; the sandbox's page is on the site
 * itself and brings its own policy (routes/sandbox).
 */
export function checkoutFormActionOrigins(payments: PaymentsConfig): string[] {
  return payments.provider === 'stripe' ? [STRIPE_CHECKOUT_ORIGIN] : [];
}

import { paths } from '../config/paths';
import { paymentStatusPath } from '../features/payment/api/payment-status-path';
import { hashRoute } from './deep-link';
import { startFirstRead } from './first-read';

/**
 * The deep link that matters most: the checkout sends every paying customer back to
 * `#/payment-status?order=…&token=…`. Its screen's chunk and its first status read start
 * here, in parallel with React, rather than one after the other.
 */
export function preloadDeepLink(hash: string): void {
  if (hashRoute(hash) !== paths.paymentStatus.path) return;
  void import('../features/payment/payment-status-screen');
  const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
  const order = query.get('order')?.trim();
  const token = query.get('token')?.trim();
  // Without a token the read needs the owner's sign-in (Firebase): the screen does that one.
  if (order && token && hash.includes('?')) startFirstRead(paymentStatusPath({ order, token }));
}

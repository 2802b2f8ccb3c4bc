import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidWebhookError } from './provider';

/*
 * Stripe's webhook signature scheme, for the sandbox's own events: the header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The same format means the
 * sandbox exercises the same kind of check as production, and Stripe's SDK accepts these
 * headers too (the tests prove it).
 */

/** How old a signed event may be (Stripe's default), against replays of captured requests. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signWebhookPayload(
  rawBody: Buffer | string,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * @throws InvalidWebhookError unless one v1 signature matches and the timestamp is recent
 */
export function verifyWebhookSignature(
  rawBody: Buffer,
  header: string | null,
  secret: string,
  now: number = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new InvalidWebhookError('The webhook has no signature header.');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((text) => text.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) {
    throw new InvalidWebhookError('The webhook signature header is malformed.');
  }
  const expected = hmac(secret, timestamp, rawBody);
  if (!signatures.some((signature) => sameHex(signature, expected))) {
    throw new InvalidWebhookError('The webhook signature does not match its body.');
  }
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new InvalidWebhookError('The webhook signature is too old.');
  }
}

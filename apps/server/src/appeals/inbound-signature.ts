import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Mailgun signs every webhook post, inbound routes included, with three form fields:
 * `timestamp` (seconds since the epoch), `token` (a random 50-character string) and
 * `signature`, the hex HMAC-SHA256 of timestamp + token under the account's webhook signing
 * key. A valid signature proves Mailgun sent it; the timestamp window and the token, which
 * the caller remembers (inbound_email_tokens), keep a captured post from being replayed.
 */

/** Posts older (or further in the future) than this are refused. */
export const INBOUND_MAX_AGE_SECONDS = 15 * 60;

export interface InboundSignatureFields {
  timestamp: string;
  token: string;
  signature: string;
}

export type SignatureCheck = 'valid' | 'bad-signature' | 'stale';

export function signInbound(timestamp: string, token: string, signingKey: string): string {
  return createHmac('sha256', signingKey)
    .update(timestamp + token, 'utf8')
    .digest('hex');
}

/** Checks the signature, then the timestamp's freshness against `now`. */
export function checkInboundSignature(
  fields: InboundSignatureFields,
  signingKey: string,
  now: Date,
): SignatureCheck {
  if (!/^\d{1,12}$/.test(fields.timestamp) || !/^[0-9a-f]{64}$/i.test(fields.signature)) {
    return 'bad-signature';
  }
  const expected = Buffer.from(signInbound(fields.timestamp, fields.token, signingKey), 'hex');
  const given = Buffer.from(fields.signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return 'bad-signature';
  }
  const ageSeconds = Math.abs(now.getTime() / 1000 - Number(fields.timestamp));
  return ageSeconds > INBOUND_MAX_AGE_SECONDS ? 'stale' : 'valid';
}

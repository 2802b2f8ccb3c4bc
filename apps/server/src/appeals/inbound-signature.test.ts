import { describe, expect, it } from 'vitest';
import { checkInboundSignature, signInbound } from './inbound-signature';

const key = 'key-of-the-test-account';
const now = new Date('2026-11-25T12:00:00Z');
const timestamp = String(now.getTime() / 1000);
const token = 'a'.repeat(50);

describe('checkInboundSignature (Mailgun: hex HMAC-SHA256 of timestamp + token)', () => {
  it('accepts a signature made with the key, within 15 minutes either way', () => {
    const signature = signInbound(timestamp, token, key);
    expect(checkInboundSignature({ timestamp, token, signature }, key, now)).toBe('valid');
    const later = new Date(now.getTime() + 14 * 60_000);
    expect(checkInboundSignature({ timestamp, token, signature }, key, later)).toBe('valid');
  });

  it('refuses another key, another token, a malformed signature and a stale timestamp', () => {
    const signature = signInbound(timestamp, token, 'another-key');
    expect(checkInboundSignature({ timestamp, token, signature }, key, now)).toBe('bad-signature');
    const own = signInbound(timestamp, token, key);
    expect(
      checkInboundSignature({ timestamp, token: 'b'.repeat(50), signature: own }, key, now),
    ).toBe('bad-signature');
    expect(checkInboundSignature({ timestamp, token, signature: 'zz' }, key, now)).toBe(
      'bad-signature',
    );
    const late = new Date(now.getTime() + 16 * 60_000);
    expect(checkInboundSignature({ timestamp, token, signature: own }, key, late)).toBe('stale');
  });
});

import { describe, expect, it } from 'vitest';
import { generateReference } from '../domain/reference';
import { referenceFromReplyAddress, replyAddressFor } from './reply-address';

const secret = 'a-server-secret-of-enough-length';
const domain = 'replies.example.com';

describe('appeal reply-to addresses', () => {
  it('reads back the reference of every address it makes', () => {
    for (let i = 0; i < 200; i += 1) {
      const reference = generateReference();
      const address = replyAddressFor(reference, secret, domain);
      expect(address).toMatch(/^case-ub-[0-9a-z]{8}-[0-9a-f]{10}@replies\.example\.com$/);
      expect(referenceFromReplyAddress(address, secret, domain)).toBe(reference);
    }
  });

  it('accepts the display form and any letter case a mail system may produce', () => {
    const address = replyAddressFor('UB-7K3Q9XQ2', secret, domain);
    expect(referenceFromReplyAddress(`"Case" <${address.toUpperCase()}>`, secret, domain)).toBe(
      'UB-7K3Q9XQ2',
    );
  });

  it('refuses a made-up tag, another secret, another domain and foreign addresses', () => {
    const address = replyAddressFor('UB-7K3Q9XQ2', secret, domain);
    const forged = address.replace(/-[0-9a-f]{10}@/, '-0000000000@');
    expect(referenceFromReplyAddress(forged, secret, domain)).toBeNull();
    expect(
      referenceFromReplyAddress(address, 'another-secret-of-enough-length', domain),
    ).toBeNull();
    expect(referenceFromReplyAddress(address, secret, 'example.com')).toBeNull();
    expect(referenceFromReplyAddress('support@replies.example.com', secret, domain)).toBeNull();
    expect(
      referenceFromReplyAddress('case-ub-7k3q9xq2@replies.example.com', secret, domain),
    ).toBeNull();
  });
});

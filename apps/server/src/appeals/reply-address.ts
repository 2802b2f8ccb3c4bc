import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseReference } from '../domain/reference';

/*
 * The reply-to address of an appeal sent from the product, e.g.
 * `case-ub-7k3q9xq2-5d1f0a9c3e@replies.example.com`. The platform's answer to that address
 * reaches the inbound e-mail webhook, which reads the case back from it.
 *
 * The tag is an HMAC of the reference under a server secret, so the address cannot be made
 * up from a reference alone (references are printed on receipts and read over the phone):
 * only the platform, which received the appeal, knows where to answer. Lowercase throughout,
 * because mail systems may lowercase the local part.
 */

const TAG_LENGTH = 10; // 40 bits of HMAC in hex: guessing one takes ~10^12 tries.
const ADDRESS_PATTERN = /^case-(ub-[0-9a-z]{8})-([0-9a-f]{10})@(.+)$/;

function tagFor(reference: string, secret: string): string {
  return createHmac('sha256', secret).update(reference, 'utf8').digest('hex').slice(0, TAG_LENGTH);
}

/** The address to put in an appeal's Reply-To for the case with this reference. */
export function replyAddressFor(reference: string, secret: string, domain: string): string {
  return `case-${reference.toLowerCase()}-${tagFor(reference, secret)}@${domain.toLowerCase()}`;
}

/**
 * The case reference an inbound e-mail was addressed to, or null when the address is not
 * one of ours (another domain, a malformed local part, a tag that does not match).
 * Accepts a bare address or a display form such as `"Case" <case-…@domain>`.
 */
export function referenceFromReplyAddress(
  address: string,
  secret: string,
  domain: string,
): string | null {
  const bare = (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();
  const match = ADDRESS_PATTERN.exec(bare);
  if (!match) return null;
  const [, localReference, tag, addressDomain] = match as unknown as [
    string,
    string,
    string,
    string,
  ];
  if (addressDomain !== domain.toLowerCase()) return null;
  const reference = parseReference(localReference);
  if (!reference) return null;
  const expected = Buffer.from(tagFor(reference, secret), 'utf8');
  const given = Buffer.from(tag, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given) ? reference : null;
}

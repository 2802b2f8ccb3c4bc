import { pooledRandomBytes } from './random-pool';

/**
 * Customer-facing case references such as `UB-7K3Q9XQ2`: short enough to read over the
 * phone or type from an e-mail, and never the database id (which is a UUIDv7 and would
 * reveal when and in what order requests were made).
 *
 * Crockford's base32 alphabet leaves out I, L, O and U, so no two characters look alike
 * (1/I/L, 0/O) and no accidental words are spelled; parsing maps the look-alikes back.
 * 8 characters × 5 bits = 40 random bits (about 1.1 × 10^12 values): the database's unique
 * index is the real guarantee and a collision is retried; with a million references
 * already issued, a new one collides about once in 1.1 million inserts.
 */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_PREFIX = 'UB-';
const BODY_LENGTH = 8;
const RANDOM_BYTES = 5; // 40 bits = exactly 8 base32 characters, so no modulo bias.

export const REFERENCE_PATTERN = /^UB-[0-9A-HJKMNP-TV-Z]{8}$/;

export type RandomSource = (size: number) => Uint8Array;

export function generateReference(random: RandomSource = pooledRandomBytes): string {
  const bytes = random(RANDOM_BYTES);
  if (bytes.length !== RANDOM_BYTES) {
    throw new RangeError(`Random source returned ${bytes.length} bytes, expected ${RANDOM_BYTES}`);
  }
  // Read the 40 bits as one number (safe: < 2^53) and cut it into eight 5-bit digits.
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  let body = '';
  for (let i = BODY_LENGTH - 1; i >= 0; i -= 1) {
    const digit = Math.floor(value / 32 ** i) % 32;
    body += REFERENCE_ALPHABET.charAt(digit);
  }
  return REFERENCE_PREFIX + body;
}

/** True only for the canonical form the server stores and prints. */
export function isReference(value: string): boolean {
  return REFERENCE_PATTERN.test(value);
}

const lookAlikes: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

/**
 * Reads a reference as a person typed it (search box, support chat): any case, spaces or
 * dashes inside, with or without the `UB-` prefix, O for 0 and I/L for 1. Returns the
 * canonical `UB-XXXXXXXX`, or null when it cannot be one.
 */
export function parseReference(input: string): string | null {
  // Links and the screens send it as it is written: nothing to read (the status read's poll).
  if (isReference(input)) return input;
  let compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (compact.startsWith('UB') && compact.length === 2 + BODY_LENGTH) compact = compact.slice(2);
  if (compact.length !== BODY_LENGTH) return null;
  const body = compact.replace(/[OIL]/g, (char) => lookAlikes[char] ?? char);
  const reference = REFERENCE_PREFIX + body;
  return isReference(reference) ? reference : null;
}

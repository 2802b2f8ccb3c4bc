import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { defaultLocale } from '@unban/contract/locales';
import type { CreateRequestBody } from '@unban/contract/requests';
import { AppError } from '../errors';

/*
 * Duplicate-submission protection for `POST /api/requests`. A double click, a flaky network
 * or a browser retry sends the same `Idempotency-Key` again; the owner then gets the
 * request made the first time (same id, reference, status token and open checkout) rather
 * than a second order and a second charge.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long a key keeps answering with its request; after that it may start a new one. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

// Visible ASCII only and long enough to be random: a UUID (36) fits, "1" does not, since a
// short key would also be a weak key for the sealed token below.
const KEY_PATTERN = /^[\x21-\x7e]{16,200}$/;

/** Reads the header; null when absent. A malformed key is refused rather than ignored. */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new AppError(
      'BAD_REQUEST',
      'The Idempotency-Key header must be 16 to 200 visible characters, e.g. a UUID.',
    );
  }
  return header;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Stored (unique per owner) instead of the key, so the database never holds the key. */
export function idempotencyKeyHash(ownerUid: string, key: string): string {
  return sha256(`unban idempotency key\n${ownerUid}\n${key}`);
}

/** Identifies the validated answers, so one key cannot be reused for a different request. */
export function requestFingerprint(body: CreateRequestBody): string {
  // The parsed body's keys come in the schema's order, so equal answers give equal JSON.
  // English is left out as before the languages, so a retry that spans the upgrade of the
  // server still matches the fingerprint its first try stored.
  const { locale, ...answers } = body;
  return sha256(JSON.stringify(locale === defaultLocale ? answers : body));
}

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function sealingKey(ownerUid: string, key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, ownerUid, 'unban status token seal', 32));
}

/**
 * Encrypts the status token with a key only the client that chose the Idempotency-Key can
 * rebuild, so a repeated POST can answer with the same token while the database alone
 * opens no status link (the token itself is otherwise stored only as a hash).
 */
export function sealStatusToken(token: string, ownerUid: string, key: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, sealingKey(ownerUid, key), iv);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** The token sealed by `sealStatusToken` with the same owner and key; null if it does not open. */
export function unsealStatusToken(sealed: string, ownerUid: string, key: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      CIPHER,
      sealingKey(ownerUid, key),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

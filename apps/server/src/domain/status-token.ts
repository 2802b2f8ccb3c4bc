import { hash, timingSafeEqual } from 'node:crypto';
import { pooledRandomBytes } from './random-pool';

/**
 * The token in a payment-status link (`/payment-status?order=ID&token=T`) lets whoever
 * holds the link read that one order without signing in. It is 32 random bytes (256 bits),
 * so it cannot be guessed, and only its SHA-256 is stored, so a copy of the database does
 * not hand out working links. A fast hash is enough here: the input is random, not a
 * password, so there is nothing to brute-force.
 */
const TOKEN_BYTES = 32;
/** base64url of 32 bytes, unpadded: 43 characters. */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const HASH_PATTERN = /^[0-9a-f]{64}$/;

export interface StatusToken {
  /** Goes into the link sent to the customer; never stored. */
  token: string;
  /** Stored with the order (lowercase hex SHA-256 of the token). */
  hash: string;
}

export function createStatusToken(): StatusToken {
  const token = pooledRandomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashStatusToken(token) };
}

export function hashStatusToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function isWellFormedStatusToken(token: string): boolean {
  return STATUS_TOKEN_PATTERN.test(token);
}

/**
 * Compares a presented token with the stored hash in constant time, so response timing
 * tells an attacker nothing about how much of a guess was right. Comparing the hashes
 * (always 32 bytes each) rather than the tokens also keeps the presented length out of it.
 */
export function statusTokenMatches(presented: string, storedHash: string): boolean {
  if (!HASH_PATTERN.test(storedHash)) return false;
  // The one-shot hash and hex text: half the cost of a Hash object and its digest buffer, on
  // every poll of the status page (decision 012). Both texts are 64 characters.
  const presentedHash = hash('sha256', presented, 'hex');
  return timingSafeEqual(Buffer.from(presentedHash, 'latin1'), Buffer.from(storedHash, 'latin1'));
}

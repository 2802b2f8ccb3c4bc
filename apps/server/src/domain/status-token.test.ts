import { describe, expect, it } from 'vitest';
import {
  createStatusToken,
  hashStatusToken,
  isWellFormedStatusToken,
  statusTokenMatches,
} from './status-token';

describe('status token', () => {
  it('is 32 random bytes in unpadded base64url', () => {
    const { token } = createStatusToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isWellFormedStatusToken(token)).toBe(true);
  });

  it('is different every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => createStatusToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('stores the SHA-256 of the token, not the token', () => {
    // Known SHA-256 test vector, so the stored format cannot drift unnoticed.
    expect(hashStatusToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const { token, hash } = createStatusToken();
    expect(hash).toBe(hashStatusToken(token));
    expect(hash).not.toContain(token);
  });

  it('matches the right token only', () => {
    const { token, hash } = createStatusToken();
    expect(statusTokenMatches(token, hash)).toBe(true);
    expect(statusTokenMatches(createStatusToken().token, hash)).toBe(false);
    expect(statusTokenMatches(token.slice(0, -1), hash)).toBe(false);
    expect(statusTokenMatches(`${token}x`, hash)).toBe(false);
    expect(statusTokenMatches('', hash)).toBe(false);
    // Hashed as UTF-8, as it was stored: a presented text outside ASCII is not mangled.
    expect(statusTokenMatches('jeton-é', hashStatusToken('jeton-é'))).toBe(true);
    expect(statusTokenMatches('jeton-e', hashStatusToken('jeton-é'))).toBe(false);
  });

  it('refuses a malformed stored hash instead of throwing', () => {
    const { token, hash } = createStatusToken();
    expect(statusTokenMatches(token, hash.slice(2))).toBe(false);
    expect(statusTokenMatches(token, hash.toUpperCase())).toBe(false);
    expect(statusTokenMatches(token, '')).toBe(false);
  });

  it('recognises malformed tokens before any lookup', () => {
    expect(isWellFormedStatusToken('short')).toBe(false);
    expect(isWellFormedStatusToken(`${'A'.repeat(42)}=`)).toBe(false);
    expect(isWellFormedStatusToken('A'.repeat(44))).toBe(false);
  });
});

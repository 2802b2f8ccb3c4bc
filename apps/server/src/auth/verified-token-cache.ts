import type { DecodedIdToken } from 'firebase-admin/auth';
import { setNewest } from '../runtime/set-newest';

/**
 * How long a staff token's revocation check is trusted. Within this bound an operator who
 * was signed out everywhere, disabled or demoted on another instance may still be served;
 * after it the next request asks Firebase again and is refused. A role change made through
 * this instance's API forgets the user's entries at once (see `forgetUser`).
 * docs/decisions/012-hot-paths.md.
 */
export const REVOCATION_CHECK_TTL_MS = 30_000;

/** Entries kept at most; the oldest go first. A busy day has far fewer signed-in tokens. */
const MAX_ENTRIES = 20_000;

/** What firebase-admin's `verifyIdToken(token, checkRevoked)` does, errors included. */
export type VerifyIdToken = (token: string, checkRevoked: boolean) => Promise<DecodedIdToken>;

export interface VerifiedTokenCacheOptions {
  verify: VerifyIdToken;
  revocationTtlMs?: number;
  /** Milliseconds since the epoch; replaceable so tests move time without waiting. */
  now?: () => number;
  maxEntries?: number;
}

interface Entry {
  decoded: DecodedIdToken;
  /** When Firebase last said this token was not revoked; null: never asked. */
  revocationCheckedAt: number | null;
}

export interface VerifiedTokenCache {
  /** The token verified (signature, audience, expiry); cached until the token expires. */
  verify(token: string): Promise<DecodedIdToken>;
  /**
   * The token verified and not revoked, its user neither disabled nor deleted, as Firebase
   * said at most `revocationTtlMs` ago.
   */
  verifyNotRevoked(token: string): Promise<DecodedIdToken>;
  /** Forgets every token of this user, so their next request is checked with Firebase. */
  forgetUser(uid: string): void;
}

/**
 * Verified Firebase ID tokens, remembered per token so a signed-in caller does not cost a
 * signature check per request, and a staff member not a round trip to Firebase per request
 * (the revocation check). Failures are never remembered: a refused token is checked again
 * each time. Concurrent requests with the same token share one call to Firebase.
 */
export function createVerifiedTokenCache({
  verify,
  revocationTtlMs = REVOCATION_CHECK_TTL_MS,
  now = Date.now,
  maxEntries = MAX_ENTRIES,
}: VerifiedTokenCacheOptions): VerifiedTokenCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<DecodedIdToken>>();
  // Bumped by forgetUser: an answer asked for before a role change is used once, not kept.
  let generation = 0;

  /** The entry, unless its token has expired since (then it is dropped). */
  function current(token: string): Entry | undefined {
    const entry = entries.get(token);
    if (entry && entry.decoded.exp * 1000 <= now()) {
      entries.delete(token);
      return undefined;
    }
    return entry;
  }

  function ask(token: string, checkRevoked: boolean): Promise<DecodedIdToken> {
    const key = `${checkRevoked ? 'r' : 'v'}:${token}`;
    const running = inFlight.get(key);
    if (running) return running;
    const askedAt = now();
    const askedIn = generation;
    const call = verify(token, checkRevoked)
      .then((decoded) => {
        if (askedIn !== generation) return decoded;
        const known = entries.get(token);
        const revocationCheckedAt = checkRevoked ? askedAt : (known?.revocationCheckedAt ?? null);
        setNewest(entries, token, { decoded, revocationCheckedAt }, maxEntries);
        return decoded;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, call);
    return call;
  }

  return {
    async verify(token) {
      return current(token)?.decoded ?? ask(token, false);
    },
    async verifyNotRevoked(token) {
      const entry = current(token);
      const checkedAt = entry?.revocationCheckedAt ?? null;
      if (entry && checkedAt !== null && now() - checkedAt < revocationTtlMs) return entry.decoded;
      return ask(token, true);
    },
    forgetUser(uid) {
      generation += 1;
      for (const [token, entry] of entries) if (entry.decoded.uid === uid) entries.delete(token);
    },
  };
}

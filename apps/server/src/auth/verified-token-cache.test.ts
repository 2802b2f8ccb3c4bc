import type { DecodedIdToken } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { REVOCATION_CHECK_TTL_MS, createVerifiedTokenCache } from './verified-token-cache';

/** A Firebase stand-in at the network edge: answers per token, counts the calls. */
function fakeFirebase(start: number) {
  const calls: { token: string; checkRevoked: boolean }[] = [];
  const revoked = new Set<string>();
  const decoded = (token: string): DecodedIdToken =>
    ({ uid: `uid-${token}`, exp: Math.floor(start / 1000) + 3600 }) as DecodedIdToken;
  return {
    calls,
    revoked,
    verify: async (token: string, checkRevoked: boolean) => {
      calls.push({ token, checkRevoked });
      if (checkRevoked && revoked.has(token)) {
        throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
      }
      return decoded(token);
    },
  };
}

describe('createVerifiedTokenCache', () => {
  it('refuses a revoked token within the bound, not before the remembered answer ages', async () => {
    let clock = 1_800_000_000_000;
    const firebase = fakeFirebase(clock);
    const cache = createVerifiedTokenCache({ verify: firebase.verify, now: () => clock });
    await cache.verifyNotRevoked('a');
    firebase.revoked.add('a');

    clock += REVOCATION_CHECK_TTL_MS - 1;
    await expect(cache.verifyNotRevoked('a')).resolves.toMatchObject({ uid: 'uid-a' });
    clock += 1;
    await expect(cache.verifyNotRevoked('a')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(cache.verifyNotRevoked('a')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(firebase.calls.filter((call) => call.checkRevoked)).toHaveLength(3);
  });

  it('a plain verification never counts as a revocation check', async () => {
    const clock = 1_800_000_000_000;
    const firebase = fakeFirebase(clock);
    const cache = createVerifiedTokenCache({ verify: firebase.verify, now: () => clock });
    await cache.verify('a');
    await cache.verify('a');
    expect(firebase.calls).toEqual([{ token: 'a', checkRevoked: false }]);
    await cache.verifyNotRevoked('a');
    expect(firebase.calls.at(-1)).toEqual({ token: 'a', checkRevoked: true });
  });

  it('drops a token once it has expired, and asks Firebase again', async () => {
    let clock = 1_800_000_000_000;
    const firebase = fakeFirebase(clock);
    const cache = createVerifiedTokenCache({ verify: firebase.verify, now: () => clock });
    await cache.verify('a');
    clock += 3600 * 1000;
    await cache.verify('a');
    expect(firebase.calls).toHaveLength(2);
  });

  it('forgets a user at once, so a role change made here is checked on the next request', async () => {
    const clock = 1_800_000_000_000;
    const firebase = fakeFirebase(clock);
    const cache = createVerifiedTokenCache({ verify: firebase.verify, now: () => clock });
    await cache.verifyNotRevoked('a');
    firebase.revoked.add('a');
    cache.forgetUser('uid-a');
    await expect(cache.verifyNotRevoked('a')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('shares one call among concurrent requests with the same token, and stays bounded', async () => {
    const clock = 1_800_000_000_000;
    const firebase = fakeFirebase(clock);
    const cache = createVerifiedTokenCache({
      verify: firebase.verify,
      now: () => clock,
      maxEntries: 2,
    });
    await Promise.all([cache.verifyNotRevoked('a'), cache.verifyNotRevoked('a')]);
    expect(firebase.calls).toHaveLength(1);
    await cache.verify('b');
    await cache.verify('c');
    await cache.verify('a');
    // 'a' was the oldest entry when 'c' came in: it was asked about again.
    expect(firebase.calls.map((call) => call.token)).toEqual(['a', 'b', 'c', 'a']);
  });
});

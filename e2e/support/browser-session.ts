import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The Firebase session the page keeps in localStorage (the web app makes localStorage
 * Firebase's first persistence: `firebase:authUser:<apiKey>:[DEFAULT]`). Reading it is how a
 * test learns the uid and ID token the page itself uses.
 */
export interface StoredUser {
  uid: string;
  isAnonymous: boolean;
  email: string | null;
  idToken: string;
}

const SESSION_KEY_PREFIX = 'firebase:authUser:';

export async function storedUser(page: Page): Promise<StoredUser | null> {
  return page.evaluate((prefix) => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (!key?.startsWith(prefix)) continue;
      const record = JSON.parse(localStorage.getItem(key) ?? 'null') as {
        uid: string;
        isAnonymous: boolean;
        email?: string;
        stsTokenManager: { accessToken: string };
      } | null;
      if (!record) return null;
      return {
        uid: record.uid,
        isAnonymous: record.isAnonymous,
        email: record.email ?? null,
        idToken: record.stsTokenManager.accessToken,
      };
    }
    return null;
  }, SESSION_KEY_PREFIX);
}

/** Waits until the page has stored a session that `accept` agrees with, and returns it. */
export async function waitForStoredUser(
  page: Page,
  accept: (user: StoredUser) => boolean,
  description: string,
): Promise<StoredUser> {
  // An object, not a variable: TypeScript does not see assignments made inside the callback.
  const latest: { user: StoredUser | null } = { user: null };
  await expect
    .poll(
      async () => {
        latest.user = await storedUser(page);
        return latest.user !== null && accept(latest.user);
      },
      { message: `stored Firebase session: ${description}` },
    )
    .toBe(true);
  if (!latest.user) throw new Error('The stored session disappeared after the wait.');
  return latest.user;
}

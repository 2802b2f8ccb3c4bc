import { useEffect } from 'react';
import { setAnalyticsUser } from './analytics';
import { onAuthChange } from '../auth/auth-state';

/** Keeps the analytics user id equal to the Firebase uid (null when signed out). */
export function syncAnalyticsUser(): () => void {
  return onAuthChange((user) => setAnalyticsUser(user?.uid ?? null));
}

/** The same as a hook, for the shell. Does not load Firebase by itself. */
export function useAnalyticsUserSync(): void {
  useEffect(() => syncAnalyticsUser(), []);
}

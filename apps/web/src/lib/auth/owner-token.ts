/**
 * The signed-in owner's ID token, only when a payment-status link carries no status token of
 * its own (the owner came from the case page). Loaded on demand, not at the top: a link with
 * its own token should not pull in Firebase.
 */
export async function ownerTokenUnless(statusToken: string | null): Promise<string | null> {
  if (statusToken) return null;
  const { getIdToken } = await import('./auth');
  return getIdToken();
}

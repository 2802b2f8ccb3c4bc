/** The operator's ID token; the auth facade is imported here so it loads with the back office. */
export async function adminToken(): Promise<string | null> {
  const { getIdToken } = await import('../../../lib/auth/auth');
  return getIdToken();
}

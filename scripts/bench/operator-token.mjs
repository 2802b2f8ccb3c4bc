// @ts-check
/** The operator account the embedded run seeds in the Auth emulator (apps/server/src/server.ts). */
const OPERATOR = { email: 'operator@unban.local', password: 'operator-password' };

/** Signs in as the seeded operator. @param {number} authPort @returns {Promise<string>} */
async function signIn(authPort) {
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...OPERATOR, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`the sign-in answered ${response.status}`);
  return /** @type {{ idToken: string }} */ (await response.json()).idToken;
}

/**
 * The seeded operator's token, once the back office accepts it. The embedded run seeds the
 * account just after start: it can sign in before its role is granted, and granting revokes
 * the tokens issued before (auth/roles.ts), so each token is tried on a staff route first. A
 * token taken too early made a whole bench row answer 403 (2026-12-07).
 * @param {number} authPort the Auth emulator's port @param {string} base the product's address
 * @returns {Promise<string>}
 */
export async function operatorToken(authPort, base) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    let refusal;
    try {
      const token = await signIn(authPort);
      const check = await fetch(`${base}/api/admin/requests?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (check.ok) return token;
      refusal = `the back office answered ${check.status}`;
    } catch (error) {
      refusal = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(`The operator's token was not accepted within 30 s: ${refusal}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

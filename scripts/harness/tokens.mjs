// @ts-check
// Real ID tokens from the Auth emulator, made through the REST endpoints the Firebase web SDK
// calls (as apps/server/src/test/auth-tokens.ts does); staff get their role as a custom claim
// through the emulator's admin endpoint, with a verified address, then sign in again.
import { randomUUID } from 'node:crypto';
import { EMULATOR_PROJECT_ID } from '../lib/start-options.mjs';

const PASSWORD = 'harness-password-1';

/** @param {string} host @param {string} method @param {Record<string, unknown>} body */
async function identityToolkit(host, method, body) {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  );
  const json = /** @type {{ localId?: string, idToken?: string }} */ (await response.json());
  if (!response.ok || !json.localId || !json.idToken)
    throw new Error(`${method} failed (${response.status}): ${JSON.stringify(json)}`);
  return { uid: json.localId, idToken: json.idToken };
}

/** A visitor who ordered without signing in. @param {string} host */
export function guestToken(host) {
  return identityToolkit(host, 'accounts:signUp', {});
}

/**
 * A signed-in customer (e-mail and password, address verified).
 * @param {string} host @param {string} [label]
 */
export async function customerToken(host, label = 'customer') {
  const email = `${label}-${randomUUID()}@example.test`;
  const user = await identityToolkit(host, 'accounts:signUp', { email, password: PASSWORD });
  await updateAccount(host, { localId: user.uid, emailVerified: true });
  return {
    ...(await identityToolkit(host, 'accounts:signInWithPassword', { email, password: PASSWORD })),
    email,
  };
}

/**
 * A staff member whose token carries the role.
 * @param {string} host @param {'operator' | 'admin'} role
 */
export async function staffToken(host, role) {
  const email = `${role}-${randomUUID()}@example.test`;
  const user = await identityToolkit(host, 'accounts:signUp', { email, password: PASSWORD });
  await updateAccount(host, {
    localId: user.uid,
    emailVerified: true,
    customAttributes: JSON.stringify({ role }),
  });
  return {
    ...(await identityToolkit(host, 'accounts:signInWithPassword', { email, password: PASSWORD })),
    email,
  };
}

/** The emulator's admin endpoint accepts the `owner` bearer. @param {string} host @param {Record<string, unknown>} body */
async function updateAccount(host, body) {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok)
    throw new Error(`accounts:update failed (${response.status}): ${await response.text()}`);
}

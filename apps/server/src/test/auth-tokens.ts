/**
 * Real ID tokens from the tests' Auth emulator, made through the same REST endpoints the
 * Firebase web SDK calls, plus the broken tokens an attacker or a stale client would send.
 */
import { randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { StaffRole } from '../auth/auth-context';
import { authEmulator } from './auth-emulator';

export interface SignedInUser {
  uid: string;
  idToken: string;
}

export interface PasswordUser extends SignedInUser {
  email: string;
  password: string;
}

const PASSWORD = 'correct-horse-battery-staple';

async function identityToolkit(
  method: 'accounts:signUp' | 'accounts:signInWithPassword',
  body: Record<string, unknown>,
): Promise<{ localId: string; idToken: string }> {
  // The emulator accepts any API key.
  const url = `http://${authEmulator().host}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await response.json()) as { localId?: string; idToken?: string; error?: unknown };
  if (!response.ok || !json.localId || !json.idToken) {
    throw new Error(`${method} failed (${response.status}): ${JSON.stringify(json.error ?? json)}`);
  }
  return { localId: json.localId, idToken: json.idToken };
}

/** A unique address per call, so tests sharing the emulator never see each other's users. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.test`;
}

/** A visitor who submitted a request without signing in. */
export async function signUpAnonymously(): Promise<SignedInUser> {
  const { localId, idToken } = await identityToolkit('accounts:signUp', {});
  return { uid: localId, idToken };
}

export async function signUpWithPassword(
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<PasswordUser> {
  const { localId, idToken } = await identityToolkit('accounts:signUp', { email, password });
  return { uid: localId, idToken, email, password };
}

export async function signInWithPassword(email: string, password: string): Promise<PasswordUser> {
  const { localId, idToken } = await identityToolkit('accounts:signInWithPassword', {
    email,
    password,
  });
  return { uid: localId, idToken, email, password };
}

/**
 * A user whose e-mail Firebase has verified (as after clicking the e-mail link); only a fresh
 * sign-in puts `email_verified` into the token.
 */
export async function signUpVerified(auth: Auth, email = uniqueEmail()): Promise<PasswordUser> {
  const user = await signUpWithPassword(email);
  await auth.updateUser(user.uid, { emailVerified: true });
  return signInWithPassword(user.email, user.password);
}

/**
 * A staff member whose token carries the role: the claim is set through firebase-admin and,
 * as in real life, only a fresh sign-in picks it up.
 */
export async function signUpStaff(auth: Auth, role: StaffRole): Promise<PasswordUser> {
  const user = await signUpWithPassword(uniqueEmail(role));
  await auth.updateUser(user.uid, { emailVerified: true });
  await auth.setCustomUserClaims(user.uid, { role });
  return signInWithPassword(user.email, user.password);
}

function decodePart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

function encodePart(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The token's claims, as the server would read them. */
export function tokenClaims(token: string): Record<string, unknown> {
  return decodePart(token.split('.')[1]);
}

/**
 * What an attacker would send: the same token with the claims changed (here: made admin)
 * and a signature that cannot match, as a real RS256 token would have after editing.
 */
export function tamperedToken(token: string): string {
  const [, payload] = token.split('.');
  const header = encodePart({ alg: 'RS256', kid: 'forged', typ: 'JWT' });
  const claims = encodePart({ ...decodePart(payload), role: 'admin' });
  const signature = Buffer.from('not-the-real-signature').toString('base64url');
  return `${header}.${claims}.${signature}`;
}

/**
 * The same token an hour and a minute later. The emulator's tokens are unsigned
 * (alg "none"), and firebase-admin checks no signature for them, so re-dating the claims
 * gives exactly the token a client would still hold after it expired.
 */
export function expiredToken(token: string): string {
  const [header, payload] = token.split('.');
  const claims = decodePart(payload);
  const now = Math.floor(Date.now() / 1000);
  const expired = { ...claims, iat: now - 3_660, exp: now - 60 };
  return `${header ?? ''}.${encodePart(expired)}.`;
}

/**
 * The same token as after a multi-factor sign-in (`firebase.sign_in_second_factor`), which
 * the emulator's REST sign-in cannot produce; unsigned like every emulator token.
 */
export function withSecondFactor(token: string): string {
  const [header, payload] = token.split('.');
  const claims = decodePart(payload);
  const firebase = { ...(claims['firebase'] as Record<string, unknown>) };
  firebase['sign_in_second_factor'] = 'totp';
  return `${header ?? ''}.${encodePart({ ...claims, firebase })}.`;
}

/**
 * Waits into the next whole second. Firebase compares a token's auth_time with the user's
 * revocation time in whole seconds, so a token issued in the same second survives revocation.
 */
export async function nextSecond(): Promise<void> {
  const wait = 1_000 - (Date.now() % 1_000) + 50;
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * A staff member who was signed out everywhere (revokeRefreshTokens) after signing in; the
 * token they still hold is otherwise perfectly valid.
 */
export async function revokedStaff(auth: Auth, role: StaffRole): Promise<PasswordUser> {
  const user = await signUpStaff(auth, role);
  await nextSecond();
  await auth.revokeRefreshTokens(user.uid);
  return user;
}

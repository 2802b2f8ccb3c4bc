import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { clientConfigSchema } from '@unban/contract/client-config';

/**
 * The Firebase Auth emulator behind one test server, reached the way an operator's tooling
 * would: its REST API (sign-up, sign-in) and its emulator-only endpoints (accounts, e-mails
 * it "sent"). Where it listens is read from the server's own client configuration, so the
 * tests follow whatever port scripts/start.mjs picked.
 */
export interface AuthEmulator {
  /** e.g. http://127.0.0.1:9209 */
  origin: string;
  projectId: string;
  apiKey: string;
}

/** The operator account the embedded run seeds in the emulator (apps/server/src/server.ts). */
export const SEEDED_OPERATOR = { email: 'operator@unban.local', password: 'operator-password' };

export async function authEmulatorOf(request: APIRequestContext): Promise<AuthEmulator> {
  const response = await request.get('/api/client-config');
  expect(response.ok()).toBe(true);
  const config = clientConfigSchema.parse(await response.json());
  if (!config.authEmulatorUrl || !config.firebase) {
    throw new Error('This test server has no Auth emulator configured.');
  }
  return {
    origin: new URL(config.authEmulatorUrl).origin,
    projectId: config.firebase.projectId,
    apiKey: config.firebase.apiKey,
  };
}

/** A unique address per call, so parallel tests sharing one emulator never meet. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@example.test`;
}

export const TEST_PASSWORD = 'correct-horse-battery-staple';

export interface EmulatorAccount {
  localId: string;
  email?: string;
  providerUserInfo?: { providerId: string }[];
  customAttributes?: string;
}

/** The account as the emulator stores it, or null when there is none with this uid. */
export async function lookUpAccount(
  request: APIRequestContext,
  emulator: AuthEmulator,
  uid: string,
): Promise<EmulatorAccount | null> {
  // 'Bearer owner' is the emulator's stand-in for admin credentials.
  const response = await request.post(
    `${emulator.origin}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/accounts:lookup`,
    { headers: { authorization: 'Bearer owner' }, data: { localId: [uid] } },
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { users?: EmulatorAccount[] };
  return body.users?.[0] ?? null;
}

interface PasswordSession {
  uid: string;
  idToken: string;
}

async function identityToolkit(
  request: APIRequestContext,
  emulator: AuthEmulator,
  method: 'accounts:signUp' | 'accounts:signInWithPassword',
  email: string,
  password: string,
): Promise<PasswordSession | null> {
  const response = await request.post(
    `${emulator.origin}/identitytoolkit.googleapis.com/v1/${method}?key=${emulator.apiKey}`,
    { data: { email, password, returnSecureToken: true } },
  );
  if (!response.ok()) return null;
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/** An existing customer account, made directly in the emulator (faster than the UI). */
export async function createPasswordAccount(
  request: APIRequestContext,
  emulator: AuthEmulator,
  email: string,
  password = TEST_PASSWORD,
): Promise<PasswordSession> {
  const session = await identityToolkit(request, emulator, 'accounts:signUp', email, password);
  if (!session) throw new Error(`Could not create ${email} in the Auth emulator.`);
  return session;
}

/**
 * A staff account made directly in the emulator: a verified e-mail (staff roles need one) and
 * the role claim, as `npm run grant-role` would set them.
 */
export async function createStaffAccount(
  request: APIRequestContext,
  emulator: AuthEmulator,
  email: string,
  role: 'operator' | 'admin',
): Promise<PasswordSession> {
  const session = await createPasswordAccount(request, emulator, email);
  const response = await request.post(
    `${emulator.origin}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/accounts:update`,
    {
      headers: { authorization: 'Bearer owner' },
      data: {
        localId: session.uid,
        emailVerified: true,
        customAttributes: JSON.stringify({ role }),
      },
    },
  );
  expect(response.ok(), `granting ${role} to ${email}`).toBe(true);
  return session;
}

/** A session of an existing password account (the seeded operator's, for the API). */
export async function signInWithPassword(
  request: APIRequestContext,
  emulator: AuthEmulator,
  email: string,
  password: string,
): Promise<PasswordSession> {
  const session = await identityToolkit(
    request,
    emulator,
    'accounts:signInWithPassword',
    email,
    password,
  );
  if (!session) throw new Error(`Could not sign in as ${email} in the Auth emulator.`);
  return session;
}

/**
 * The server seeds the operator just after it starts answering health checks, which is when
 * Playwright starts the tests: wait until the account can sign in.
 */
export async function waitForSeededOperator(
  request: APIRequestContext,
  emulator: AuthEmulator,
): Promise<void> {
  await expect
    .poll(
      async () =>
        (await identityToolkit(
          request,
          emulator,
          'accounts:signInWithPassword',
          SEEDED_OPERATOR.email,
          SEEDED_OPERATOR.password,
        )) !== null,
      { message: 'the seeded operator account can sign in', timeout: 15_000 },
    )
    .toBe(true);
}

/** An ID token of the seeded operator, once the server has seeded it (for the staff API). */
export async function seededOperatorToken(request: APIRequestContext): Promise<string> {
  const emulator = await authEmulatorOf(request);
  await waitForSeededOperator(request, emulator);
  const operator = await signInWithPassword(
    request,
    emulator,
    SEEDED_OPERATOR.email,
    SEEDED_OPERATOR.password,
  );
  return operator.idToken;
}

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** The sign-in link the emulator "e-mailed" to `email` (it keeps every e-mail it would send). */
export async function emailedSignInLink(
  request: APIRequestContext,
  emulator: AuthEmulator,
  email: string,
): Promise<string> {
  const latest: { link?: string } = {};
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${emulator.origin}/emulator/v1/projects/${emulator.projectId}/oobCodes`,
        );
        const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
        latest.link = oobCodes.find(
          (code) => code.email === email && code.requestType === 'EMAIL_SIGNIN',
        )?.oobLink;
        return latest.link !== undefined;
      },
      { message: `a sign-in e-mail to ${email}` },
    )
    .toBe(true);
  if (!latest.link) throw new Error(`The sign-in e-mail to ${email} disappeared.`);
  return latest.link;
}

/** The claims of a Firebase ID token, as the server reads them (no signature check here). */
export function idTokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

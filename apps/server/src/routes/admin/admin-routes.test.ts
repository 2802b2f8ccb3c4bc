import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { authEmulator } from '../../test/auth-emulator';
import {
  revokedStaff,
  signUpAnonymously,
  signUpStaff,
  signUpWithPassword,
} from '../../test/auth-tokens';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let subject: TestApp;
let auth: Auth;

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  // The real application, verifying tokens against the tests' Auth emulator.
  subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
    },
  });
  auth = getFirebaseAuth({ projectId });
});

afterAll(() => subject?.close());

function getSession(token?: string) {
  return subject.app.inject({
    method: 'GET',
    url: '/api/admin/session',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

describe('GET /api/admin/session', () => {
  it('refuses a visitor without a token with 401 UNAUTHENTICATED', async () => {
    const response = await getSession();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
    });
  });

  it('refuses a guest (anonymous user) with 403 FORBIDDEN', async () => {
    const guest = await signUpAnonymously();
    const response = await getSession(guest.idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Your account does not have access to this.' },
    });
  });

  it('refuses a customer with 403 FORBIDDEN', async () => {
    const customer = await signUpWithPassword();
    const response = await getSession(customer.idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('tells an operator who they are, never to be cached', async () => {
    const operator = await signUpStaff(auth, 'operator');
    const response = await getSession(operator.idToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      uid: operator.uid,
      email: operator.email,
      role: 'operator',
    });
  });

  it('lets an admin in too, with the admin role', async () => {
    const admin = await signUpStaff(auth, 'admin');
    const response = await getSession(admin.idToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uid: admin.uid, email: admin.email, role: 'admin' });
  });

  it('refuses an operator who was signed out everywhere with 401, token still unexpired', async () => {
    const operator = await revokedStaff(auth, 'operator');
    const response = await getSession(operator.idToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});

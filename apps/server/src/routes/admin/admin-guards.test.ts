import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleChangeResponseSchema } from '@unban/contract/admin';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { authEmulator } from '../../test/auth-emulator';
import {
  signUpAnonymously,
  signUpStaff,
  signUpVerified,
  signUpWithPassword,
  uniqueEmail,
} from '../../test/auth-tokens';
import type { PasswordUser, SignedInUser } from '../../test/auth-tokens';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/*
 * Every back office route behind its guard: no token 401, guest and customer 403, operator
 * in (admin-only routes: 403 for an operator, in for an admin).
 */

let subject: TestApp;
let auth: Auth;
let guest: SignedInUser;
let customer: PasswordUser;
let operator: PasswordUser;
let admin: PasswordUser;

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: { firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host } },
  });
  auth = getFirebaseAuth({ projectId });
  [guest, customer, operator, admin] = await Promise.all([
    signUpAnonymously(),
    signUpWithPassword(),
    signUpStaff(auth, 'operator'),
    signUpStaff(auth, 'admin'),
  ]);
});

afterAll(() => subject?.close());

const missingId = '0190b4e4-9a5b-7cc0-8000-000000000000';

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
}

/** Operator routes with an answer an operator gets (not found is past the guard too). */
const operatorRoutes: readonly (Route & { operatorStatus: number })[] = [
  { method: 'GET', url: '/api/admin/requests', operatorStatus: 200 },
  { method: 'GET', url: '/api/admin/dashboard', operatorStatus: 200 },
  { method: 'GET', url: `/api/admin/requests/${missingId}`, operatorStatus: 404 },
  {
    method: 'POST',
    url: `/api/admin/requests/${missingId}/transitions`,
    body: { to: 'in_review', expectedVersion: 1 },
    operatorStatus: 404,
  },
  {
    method: 'POST',
    url: `/api/admin/requests/${missingId}/notes`,
    body: { internalNote: 'x' },
    operatorStatus: 404,
  },
  {
    method: 'POST',
    url: `/api/admin/requests/${missingId}/assign`,
    body: { operatorUid: null, expectedVersion: 1 },
    operatorStatus: 404,
  },
  {
    method: 'POST',
    url: `/api/admin/requests/${missingId}/refund`,
    body: { reason: 'x', confirm: true },
    operatorStatus: 404,
  },
];

const adminRoutes: readonly Route[] = [
  {
    method: 'POST',
    url: '/api/admin/operators',
    body: { email: 'a@example.com', role: 'operator' },
  },
  { method: 'DELETE', url: '/api/admin/operators/a%40example.com' },
];

function call(route: Route, token?: string) {
  return subject.app.inject({
    method: route.method,
    url: route.url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(route.body ? { payload: route.body } : {}),
  });
}

describe.each([...operatorRoutes, ...adminRoutes])('$method $url', (route) => {
  it('refuses a visitor without a token with 401, a guest and a customer with 403', async () => {
    expect((await call(route)).statusCode).toBe(401);
    const refused = await Promise.all([call(route, guest.idToken), call(route, customer.idToken)]);
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
  });
});

describe.each(operatorRoutes)('$method $url for staff', (route) => {
  it('lets an operator and an admin through', async () => {
    expect((await call(route, operator.idToken)).statusCode).toBe(route.operatorStatus);
    expect((await call(route, admin.idToken)).statusCode).toBe(route.operatorStatus);
  });
});

describe.each(adminRoutes)('$method $url (admins only)', (route) => {
  it('refuses an operator with 403 FORBIDDEN', async () => {
    const response = await call(route, operator.idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });
});

describe('managing operators', () => {
  it('lets an admin grant and revoke a role by e-mail address', async () => {
    // Staff roles go only to verified addresses (docs/decisions/009).
    const person = await signUpVerified(auth, uniqueEmail('future-operator'));
    const granted = await call(
      {
        method: 'POST',
        url: '/api/admin/operators',
        body: { email: person.email, role: 'operator' },
      },
      admin.idToken,
    );
    expect(granted.statusCode).toBe(200);
    expect(roleChangeResponseSchema.parse(granted.json())).toMatchObject({
      uid: person.uid,
      previousRole: 'customer',
      role: 'operator',
      changed: true,
    });
    expect((await auth.getUser(person.uid)).customClaims).toMatchObject({ role: 'operator' });

    const revoked = await call(
      { method: 'DELETE', url: `/api/admin/operators/${encodeURIComponent(person.email)}` },
      admin.idToken,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ previousRole: 'operator', role: 'customer' });
    expect((await auth.getUser(person.uid)).customClaims?.['role']).toBeUndefined();
  });

  it('answers 404 for an address nobody uses and 400 for no address at all', async () => {
    const unknown = await call(
      {
        method: 'POST',
        url: '/api/admin/operators',
        body: { email: uniqueEmail('nobody'), role: 'admin' },
      },
      admin.idToken,
    );
    expect(unknown.statusCode).toBe(404);
    const invalid = await call(
      { method: 'POST', url: '/api/admin/operators', body: { email: 'nope', role: 'admin' } },
      admin.idToken,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: { fields: { email: expect.any(String) } } });
  });
});

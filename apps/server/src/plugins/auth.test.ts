import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getFirebaseAuth } from '../auth/firebase-admin';
import { REVOCATION_CHECK_TTL_MS } from '../auth/verified-token-cache';
import { authEmulator } from '../test/auth-emulator';
import {
  expiredToken,
  nextSecond,
  revokedStaff,
  signInWithPassword,
  signUpAnonymously,
  signUpStaff,
  withSecondFactor,
  signUpWithPassword,
  tamperedToken,
} from '../test/auth-tokens';
import { authPlugin, requireRole, requireUser } from './auth';
import { errorHandlerPlugin } from './error-handler';

let app: FastifyInstance;
let auth: Auth;

async function buildTestApp(): Promise<FastifyInstance> {
  const { host, projectId } = authEmulator();
  const instance = Fastify({ logger: false });
  await instance.register(errorHandlerPlugin);
  await instance.register(authPlugin, { projectId, emulatorHost: host });
  instance.get('/api/public', async (request) => ({ auth: request.auth }));
  instance.get('/not-api', async (request) => ({ auth: request.auth }));
  // One guard per folder, as the route folders do it.
  await instance.register(async (scope) => {
    scope.addHook('preHandler', requireUser);
    scope.get('/api/me', async (request) => ({ auth: request.auth }));
  });
  await instance.register(async (scope) => {
    scope.addHook('preHandler', requireRole('operator'));
    scope.get('/api/operator/queue', async (request) => ({ auth: request.auth }));
  });
  await instance.register(async (scope) => {
    scope.addHook('preHandler', requireRole('admin'));
    scope.get('/api/admin/operators', async (request) => ({ auth: request.auth }));
  });
  await instance.ready();
  return instance;
}

function get(url: string, token?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  app = await buildTestApp();
  auth = getFirebaseAuth({ projectId: authEmulator().projectId });
});

afterAll(async () => {
  await app.close();
});

describe('without a token', () => {
  it('serves public routes to an anonymous visitor', async () => {
    const response = await get('/api/public');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: null });
  });

  it.each(['/api/me', '/api/operator/queue', '/api/admin/operators'])(
    'refuses %s with 401 UNAUTHENTICATED',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
      });
    },
  );
});

describe('a customer', () => {
  it('is identified on user routes but refused on staff routes with 403 FORBIDDEN', async () => {
    const customer = await signUpWithPassword();

    const me = await get('/api/me', customer.idToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      auth: {
        uid: customer.uid,
        isAnonymous: false,
        email: customer.email,
        emailVerified: false,
        role: 'customer',
        signInProvider: 'password',
        secondFactor: null,
      },
    });

    const queue = await get('/api/operator/queue', customer.idToken);
    expect(queue.statusCode).toBe(403);
    expect(queue.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const admin = await get('/api/admin/operators', customer.idToken);
    expect(admin.statusCode).toBe(403);
  });

  it('signed in anonymously is a user, flagged as anonymous', async () => {
    const visitor = await signUpAnonymously();
    const response = await get('/api/me', visitor.idToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      auth: {
        uid: visitor.uid,
        isAnonymous: true,
        email: null,
        emailVerified: false,
        role: 'customer',
        signInProvider: 'anonymous',
        secondFactor: null,
      },
    });
  });

  it('gains nothing from a role claim the server does not know', async () => {
    const user = await signUpWithPassword();
    await auth.setCustomUserClaims(user.uid, { role: 'superuser' });
    const again = await signInWithPassword(user.email, user.password);
    const response = await get('/api/operator/queue', again.idToken);
    expect(response.statusCode).toBe(403);
  });
});

describe('staff', () => {
  it('an operator reaches operator routes but not admin routes', async () => {
    const operator = await signUpStaff(auth, 'operator');
    const queue = await get('/api/operator/queue', operator.idToken);
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toMatchObject({ auth: { uid: operator.uid, role: 'operator' } });

    const admin = await get('/api/admin/operators', operator.idToken);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('an admin reaches both operator and admin routes', async () => {
    const admin = await signUpStaff(auth, 'admin');
    expect((await get('/api/operator/queue', admin.idToken)).statusCode).toBe(200);
    const operators = await get('/api/admin/operators', admin.idToken);
    expect(operators.statusCode).toBe(200);
    expect(operators.json()).toMatchObject({ auth: { role: 'admin' } });
  });

  it('staff routes ask Firebase whether the token was revoked', async () => {
    const operator = await signUpStaff(auth, 'operator');
    const verify = vi.spyOn(auth, 'verifyIdToken');
    try {
      expect((await get('/api/operator/queue', operator.idToken)).statusCode).toBe(200);
      // Against the emulator firebase-admin checks revocation on every call; in production
      // only this flag makes it do so.
      expect(verify).toHaveBeenCalledWith(operator.idToken, true);
    } finally {
      verify.mockRestore();
    }
  });

  it('a signed-out-everywhere operator is refused with 401', async () => {
    const operator = await revokedStaff(auth, 'operator');
    const response = await get('/api/operator/queue', operator.idToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' },
    });
  });

  it('an operator whose e-mail address is not verified is refused with 403', async () => {
    // A role set by hand (or before verification was required) must not open the back office.
    const user = await signUpWithPassword();
    await auth.setCustomUserClaims(user.uid, { role: 'operator' });
    const again = await signInWithPassword(user.email, user.password);
    const response = await get('/api/operator/queue', again.idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'Verify your e-mail address before using a staff account.',
      },
    });
  });

  it('a disabled operator is refused with 401', async () => {
    const operator = await signUpStaff(auth, 'operator');
    await auth.updateUser(operator.uid, { disabled: true });
    const response = await get('/api/operator/queue', operator.idToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});

describe('the revocation check, remembered for a bounded time', () => {
  // The server's clock, moved by the tests instead of waiting 30 s.
  let clock = Date.now();
  let cached: FastifyInstance;
  beforeAll(async () => {
    const { host, projectId } = authEmulator();
    cached = Fastify({ logger: false });
    await cached.register(errorHandlerPlugin);
    await cached.register(authPlugin, { projectId, emulatorHost: host, now: () => clock });
    await cached.register(async (scope) => {
      scope.addHook('preHandler', requireRole('operator'));
      scope.get('/api/operator/queue', async (request) => ({ auth: request.auth }));
    });
    await cached.ready();
  });
  afterAll(() => cached?.close());

  const queue = (token: string) =>
    cached.inject({
      method: 'GET',
      url: '/api/operator/queue',
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses an operator signed out everywhere once the bound has passed', async () => {
    const operator = await signUpStaff(auth, 'operator');
    expect((await queue(operator.idToken)).statusCode).toBe(200);
    await nextSecond();
    await auth.revokeRefreshTokens(operator.uid);

    // Within the bound the remembered answer stands: this is the documented staleness.
    clock += REVOCATION_CHECK_TTL_MS - 1;
    expect((await queue(operator.idToken)).statusCode).toBe(200);
    clock += 1;
    const refused = await queue(operator.idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' },
    });
  });

  it('refuses a disabled operator once the bound has passed, and keeps refusing', async () => {
    const operator = await signUpStaff(auth, 'operator');
    expect((await queue(operator.idToken)).statusCode).toBe(200);
    await auth.updateUser(operator.uid, { disabled: true });
    clock += REVOCATION_CHECK_TTL_MS;
    expect((await queue(operator.idToken)).statusCode).toBe(401);
    // A refusal is never remembered as a pass.
    expect((await queue(operator.idToken)).statusCode).toBe(401);
  });

  it('asks Firebase once per bound, not once per request', async () => {
    const operator = await signUpStaff(auth, 'operator');
    const verify = vi.spyOn(auth, 'verifyIdToken');
    try {
      for (let index = 0; index < 3; index += 1) {
        expect((await queue(operator.idToken)).statusCode).toBe(200);
      }
      expect(verify.mock.calls.filter(([, checkRevoked]) => checkRevoked === true)).toHaveLength(1);
      clock += REVOCATION_CHECK_TTL_MS;
      expect((await queue(operator.idToken)).statusCode).toBe(200);
      expect(verify.mock.calls.filter(([, checkRevoked]) => checkRevoked === true)).toHaveLength(2);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('staff second factor, when required by configuration', () => {
  let strict: FastifyInstance;
  beforeAll(async () => {
    const { host, projectId } = authEmulator();
    strict = Fastify({ logger: false });
    await strict.register(errorHandlerPlugin);
    await strict.register(authPlugin, {
      projectId,
      emulatorHost: host,
      staffSecondFactor: 'required',
    });
    await strict.register(async (scope) => {
      scope.addHook('preHandler', requireRole('operator', { secondFactor: 'required' }));
      scope.get('/api/operator/queue', async (request) => ({ auth: request.auth }));
    });
    await strict.ready();
  });
  afterAll(() => strict?.close());

  const queue = (token: string) =>
    strict.inject({
      method: 'GET',
      url: '/api/operator/queue',
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses a staff session signed in with a password alone', async () => {
    const operator = await signUpStaff(auth, 'operator');
    const response = await queue(operator.idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'Staff accounts must sign in with a second factor.',
      },
    });
  });

  it('lets in a staff session that passed a second factor', async () => {
    const operator = await signUpStaff(auth, 'operator');
    const response = await queue(withSecondFactor(operator.idToken));
    expect(response.statusCode).toBe(200);
  });
});

describe('a bad token is refused, never treated as no token', () => {
  it('a tampered token (claims edited to admin) gets 401 even on public routes', async () => {
    const customer = await signUpWithPassword();
    for (const url of ['/api/public', '/api/admin/operators']) {
      const response = await get(url, tamperedToken(customer.idToken));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: {
          code: 'UNAUTHENTICATED',
          message: 'Your sign-in token is not valid. Please sign in again.',
        },
      });
    }
  });

  it('an expired token gets 401 saying the session expired', async () => {
    const customer = await signUpWithPassword();
    const response = await get('/api/me', expiredToken(customer.idToken));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Your session has expired. Please sign in again.',
      },
    });
  });

  it.each([
    ['not a JWT', 'Bearer not-a-token'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('%s gets 401', async (_label, authorization) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/public',
      headers: { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('is not even read outside the API (static files)', async () => {
    const response = await get('/not-api', 'garbage');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: null });
  });
});

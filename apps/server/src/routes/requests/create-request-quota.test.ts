import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../auth/auth-context';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import { rateLimitPlugin } from '../../plugins/rate-limit';
import { createRequestQuotaCheck } from './create-request-quota';

let app: FastifyInstance;

/** Stands in for the auth plugin: the test names the caller in a header. */
function caller(uid: string): AuthContext {
  return {
    uid,
    isAnonymous: true,
    email: null,
    emailVerified: false,
    role: 'customer',
    signInProvider: 'anonymous',
    secondFactor: null,
  };
}

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(rateLimitPlugin, { perMinute: 10_000 });
  await app.register(errorHandlerPlugin);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const uid = request.headers['x-test-uid'];
    request.auth = typeof uid === 'string' ? caller(uid) : null;
  });
  const check = createRequestQuotaCheck(app, { perUserPerHour: 2, perIpPerHour: 3 });
  app.post('/api/requests', async (request, reply) => {
    await check(request, reply);
    return reply.code(201).send({ created: true });
  });
  await app.ready();
});

afterAll(() => app?.close());

function create(uid: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: { 'x-test-uid': uid },
    remoteAddress: ip,
  });
}

describe('createRequestQuotaCheck', () => {
  it('turns a user away after their hourly allowance, whatever address they use', async () => {
    expect((await create('user-a', '10.1.0.1')).statusCode).toBe(201);
    expect((await create('user-a', '10.1.0.2')).statusCode).toBe(201);
    const limited = await create('user-a', '10.1.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Try again in 60 minutes/) },
    });
    expect(limited.headers['retry-after']).toBe('3600');
  });

  it('turns an address away after its hourly allowance, however many users it has', async () => {
    for (const uid of ['user-b', 'user-c', 'user-d']) {
      expect((await create(uid, '10.2.0.1')).statusCode).toBe(201);
    }
    const limited = await create('user-e', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // A fresh user on a fresh address is unaffected.
    expect((await create('user-f', '10.2.0.2')).statusCode).toBe(201);
  });
});

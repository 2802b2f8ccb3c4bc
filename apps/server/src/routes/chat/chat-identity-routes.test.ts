import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatIdentitySchema } from '@unban/contract/chat';
import { authEmulator } from '../../test/auth-emulator';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { signUpVerified, signUpWithPassword } from '../../test/auth-tokens';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { bearer, newCustomer, submitRequest } from '../../test/request-fixtures';

const SECURE_MODE_KEY = 'chat-secure-mode-key-for-tests';
let signed: TestApp;
let unsigned: TestApp;

async function appWith(chatSecureModeKey: string | null): Promise<TestApp> {
  const { host, projectId } = authEmulator();
  const subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      chatSecureModeKey,
    },
  });
  await subject.app.ready();
  return subject;
}

beforeAll(async () => {
  signed = await appWith(SECURE_MODE_KEY);
  unsigned = await appWith(null);
});
afterAll(async () => {
  await signed?.close();
  await unsigned?.close();
});

describe('GET /api/chat/identity', () => {
  it('needs a signed-in user', async () => {
    const response = await signed.app.inject({ method: 'GET', url: '/api/chat/identity' });
    expect(response.statusCode).toBe(401);
  });

  it("gives a guest's latest reference and contact e-mail, never signed: nobody proved that address", async () => {
    const guest = await newCustomer();
    const created = await submitRequest(signed, guest);
    expect(created.statusCode).toBe(201);
    const { reference } = created.json<{ reference: string }>();

    const response = await signed.app.inject({
      method: 'GET',
      url: '/api/chat/identity',
      headers: bearer(guest),
    });
    expect(response.statusCode).toBe(200);
    const identity = chatIdentitySchema.parse(response.json());
    expect(identity).toEqual({
      name: `Case ${reference}`,
      email: 'customer@example.test',
      reference,
      // Typed into the order form: anyone could type someone else's address.
      hash: null,
    });
  });

  it('does not sign a sign-in e-mail that Firebase has not verified', async () => {
    const customer = await signUpWithPassword();
    const response = await signed.app.inject({
      method: 'GET',
      url: '/api/chat/identity',
      headers: bearer(customer),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: customer.email, hash: null });
  });

  it('signs a verified sign-in e-mail with the secure-mode key', async () => {
    const customer = await signUpVerified(getFirebaseAuth({ projectId: authEmulator().projectId }));
    const response = await signed.app.inject({
      method: 'GET',
      url: '/api/chat/identity',
      headers: bearer(customer),
    });
    expect(response.json()).toMatchObject({
      email: customer.email,
      // tawk.to secure mode: HMAC-SHA256 of the e-mail with the property's secret key.
      hash: createHmac('sha256', SECURE_MODE_KEY).update(customer.email).digest('hex'),
    });
  });

  it('uses the sign-in e-mail, and signs nothing without a secure-mode key', async () => {
    const customer = await signUpWithPassword();
    const response = await unsigned.app.inject({
      method: 'GET',
      url: '/api/chat/identity',
      headers: bearer(customer),
    });
    expect(response.json()).toEqual({
      name: null,
      email: customer.email,
      reference: null,
      hash: null,
    });
  });
});

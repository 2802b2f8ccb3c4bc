import type { Auth } from 'firebase-admin/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { authEmulator } from '../test/auth-emulator';
import { signInWithPassword, tokenClaims, uniqueEmail } from '../test/auth-tokens';
import { getFirebaseAuth } from './firebase-admin';
import { seedOperator } from './seed-operator';

let auth: Auth;

beforeAll(() => {
  const { host, projectId } = authEmulator();
  auth = getFirebaseAuth({ projectId, emulatorHost: host });
});

describe('seedOperator', () => {
  it('creates an operator who can sign in with the password, once', async () => {
    const email = uniqueEmail('operator');
    const password = 'dev-password-123';

    const first = await seedOperator(auth, { email, password });
    expect(first).toMatchObject({ email, role: 'operator', created: true });
    const signedIn = await signInWithPassword(email, password);
    expect(signedIn.uid).toBe(first.uid);
    expect(tokenClaims(signedIn.idToken)).toMatchObject({ role: 'operator', email_verified: true });

    const second = await seedOperator(auth, { email, password });
    expect(second).toEqual({ ...first, created: false });
  });

  it('refuses to run against anything but the emulator', async () => {
    const host = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
    delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
    try {
      await expect(
        seedOperator(auth, { email: uniqueEmail('operator'), password: 'dev-password-123' }),
      ).rejects.toThrow(/outside the Firebase Auth emulator/);
    } finally {
      process.env['FIREBASE_AUTH_EMULATOR_HOST'] = host;
    }
  });
});

import type { Auth } from 'firebase-admin/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { authEmulator } from '../test/auth-emulator';
import {
  nextSecond,
  signInWithPassword,
  signUpVerified,
  signUpWithPassword,
  tokenClaims,
  uniqueEmail,
} from '../test/auth-tokens';
import { getFirebaseAuth } from './firebase-admin';
import { grantRole, revokeRole } from './roles';

let auth: Auth;

beforeAll(() => {
  const { host, projectId } = authEmulator();
  auth = getFirebaseAuth({ projectId, emulatorHost: host });
});

describe('grantRole / revokeRole', () => {
  it('refuses a staff role to an account whose e-mail address is not verified', async () => {
    const user = await signUpWithPassword();
    const attempt = grantRole(auth, user.email, 'operator');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringContaining(`${user.email} has not been verified`),
    });
    expect((await auth.getUser(user.uid)).customClaims ?? {}).toEqual({});
    // Taking a role away never needs a verified address.
    await expect(revokeRole(auth, user.email)).resolves.toMatchObject({ changed: false });
  });

  it('round-trips a role, keeping other claims, and only writes on a change', async () => {
    const user = await signUpVerified(auth);
    const { email } = user;
    await auth.setCustomUserClaims(user.uid, { plan: 'pro' });

    await expect(grantRole(auth, email, 'operator')).resolves.toEqual({
      uid: user.uid,
      email,
      previousRole: 'customer',
      role: 'operator',
      changed: true,
    });
    expect((await auth.getUser(user.uid)).customClaims).toEqual({ plan: 'pro', role: 'operator' });

    await expect(grantRole(auth, email, 'operator')).resolves.toMatchObject({ changed: false });

    await expect(grantRole(auth, email, 'admin')).resolves.toMatchObject({
      previousRole: 'operator',
      role: 'admin',
      changed: true,
    });

    await expect(revokeRole(auth, email)).resolves.toMatchObject({
      previousRole: 'admin',
      role: 'customer',
      changed: true,
    });
    expect((await auth.getUser(user.uid)).customClaims).toEqual({ plan: 'pro' });
    await expect(revokeRole(auth, email)).resolves.toMatchObject({ changed: false });
  });

  it('ends old sessions, and the next sign-in carries the new role', async () => {
    const user = await signUpVerified(auth);
    await nextSecond();
    await grantRole(auth, user.email, 'operator');

    await expect(auth.verifyIdToken(user.idToken, true)).rejects.toMatchObject({
      code: 'auth/id-token-revoked',
    });
    const again = await signInWithPassword(user.email, user.password);
    expect(tokenClaims(again.idToken)).toMatchObject({ role: 'operator' });
    await expect(auth.verifyIdToken(again.idToken, true)).resolves.toMatchObject({
      role: 'operator',
    });
  });

  it('says clearly that there is no such user', async () => {
    const email = uniqueEmail('nobody');
    const attempt = grantRole(auth, email, 'operator');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining(`No account uses the e-mail address ${email}`),
    });
    await expect(revokeRole(auth, email)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

import { FirebaseAuthError } from 'firebase-admin/auth';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { grantRole } from './roles';
import type { StaffRole } from './auth-context';

export interface SeedOperatorOptions {
  email: string;
  password: string;
  /** Defaults to operator. */
  role?: StaffRole;
}

export interface SeededOperator {
  uid: string;
  email: string;
  role: StaffRole;
  /** False when the account already existed (its password is then left as it is). */
  created: boolean;
}

async function findUser(auth: Auth, email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (error instanceof FirebaseAuthError && error.code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Makes sure the embedded run has a staff account to sign in with. A known password on a
 * staff account is only acceptable on the local emulator, so this refuses to run anywhere
 * else.
 *
 * @throws Error when FIREBASE_AUTH_EMULATOR_HOST is not set.
 */
export async function seedOperator(
  auth: Auth,
  { email, password, role = 'operator' }: SeedOperatorOptions,
): Promise<SeededOperator> {
  if (!process.env['FIREBASE_AUTH_EMULATOR_HOST']) {
    throw new Error(
      'Refusing to create a staff account with a fixed password outside the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST is not set).',
    );
  }
  const existing = await findUser(auth, email);
  const user = existing ?? (await auth.createUser({ email, password, emailVerified: true }));
  // Staff roles need a verified address; an account from an older data folder may lack it.
  if (!user.emailVerified) await auth.updateUser(user.uid, { emailVerified: true });
  await grantRole(auth, email, role);
  return { uid: user.uid, email, role, created: existing === null };
}

import { FirebaseAuthError } from 'firebase-admin/auth';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { AppError } from '../errors';
import { roleFromClaims } from './auth-context';
import type { Role, StaffRole } from './auth-context';

export interface RoleChange {
  uid: string;
  email: string;
  previousRole: Role;
  role: Role;
  /** False when the user already had this role; nothing was written then. */
  changed: boolean;
}

async function userByEmail(auth: Auth, email: string): Promise<UserRecord> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (error instanceof FirebaseAuthError && error.code === 'auth/user-not-found') {
      throw new AppError(
        'NOT_FOUND',
        `No account uses the e-mail address ${email}. The person must create one (sign in once) before a role can be given.`,
        { cause: error },
      );
    }
    throw error;
  }
}

async function setRole(auth: Auth, email: string, role: StaffRole | null): Promise<RoleChange> {
  const user = await userByEmail(auth, email);
  // Anyone can sign up with any address; until Firebase has seen them click its link, the
  // address says nothing about who holds the account.
  if (role !== null && !user.emailVerified) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      `The e-mail address ${email} has not been verified. The person must verify it (the link Firebase sends on sign-in) before a staff role can be given.`,
    );
  }
  const previousRole = roleFromClaims(user.customClaims);
  const nextRole: Role = role ?? 'customer';
  const change = { uid: user.uid, email: user.email ?? email, previousRole, role: nextRole };
  if (previousRole === nextRole) return { ...change, changed: false };

  // Keep any other claims; only `role` is ours.
  const { role: _previous, ...otherClaims } = user.customClaims ?? {};
  await auth.setCustomUserClaims(user.uid, role === null ? otherClaims : { ...otherClaims, role });
  // ID tokens carry the claims they were issued with. Revoking forces a fresh sign-in, and
  // the guards on staff routes refuse tokens issued before now, so a demotion bites at once.
  await auth.revokeRefreshTokens(user.uid);
  return { ...change, changed: true };
}

/**
 * Gives the user with this e-mail address the `operator` or `admin` role.
 * @throws AppError NOT_FOUND when no user has this address, EMAIL_NOT_VERIFIED when Firebase
 *   has not verified it.
 */
export function grantRole(auth: Auth, email: string, role: StaffRole): Promise<RoleChange> {
  return setRole(auth, email, role);
}

/**
 * Takes any staff role away: the user is a customer again.
 * @throws AppError NOT_FOUND when no user has this address.
 */
export function revokeRole(auth: Auth, email: string): Promise<RoleChange> {
  return setRole(auth, email, null);
}

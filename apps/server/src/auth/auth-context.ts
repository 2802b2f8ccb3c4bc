import type { DecodedIdToken } from 'firebase-admin/auth';

/** Roles in rising order of power; every signed-in user without a `role` claim is a customer. */
export const roles = ['customer', 'operator', 'admin'] as const;
export type Role = (typeof roles)[number];
/** The roles that are granted through the `role` custom claim. */
export type StaffRole = Exclude<Role, 'customer'>;
export const staffRoles: readonly StaffRole[] = ['operator', 'admin'];

/** Who is calling, as proven by a verified Firebase ID token. */
export interface AuthContext {
  uid: string;
  /** Signed in anonymously (created when a visitor submits a request, before any sign-in). */
  isAnonymous: boolean;
  email: string | null;
  emailVerified: boolean;
  role: Role;
  /** Firebase's `sign_in_provider`, e.g. 'anonymous', 'password', 'google.com'. */
  signInProvider: string;
  /** Firebase's `sign_in_second_factor` (e.g. 'phone', 'totp'); null after one factor only. */
  secondFactor: string | null;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return staffRoles.some((role) => role === value);
}

/**
 * Reads the `role` custom claim. An unknown value counts as no role at all, so a typo in a
 * claim set by hand can never grant more than a customer has.
 */
export function roleFromClaims(claims: Record<string, unknown> | undefined): Role {
  const role = claims?.['role'];
  return isStaffRole(role) ? role : 'customer';
}

/** An admin can do everything an operator can. */
export function roleSatisfies(actual: Role, required: Role): boolean {
  return roles.indexOf(actual) >= roles.indexOf(required);
}

export function authContextFromToken(token: DecodedIdToken): AuthContext {
  return {
    uid: token.uid,
    isAnonymous: token.firebase.sign_in_provider === 'anonymous',
    email: typeof token.email === 'string' ? token.email : null,
    emailVerified: token.email_verified === true,
    role: roleFromClaims(token),
    signInProvider: token.firebase.sign_in_provider,
    secondFactor: token.firebase.sign_in_second_factor ?? null,
  };
}

import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { authContextFromToken, roleSatisfies } from '../auth/auth-context';
import type { AuthContext, StaffRole } from '../auth/auth-context';
import { getFirebaseAuth } from '../auth/firebase-admin';
import { createVerifiedTokenCache } from '../auth/verified-token-cache';
import type { VerifiedTokenCache } from '../auth/verified-token-cache';
import { bearerToken, verifyIdToken } from '../auth/verify-token';
import { isApiPath } from '../http/api-path';
import type { RouteGuard } from '../http/route-guards';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller on /api routes; null when the request carries no token. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * Forgets what this instance remembers of a user's tokens, so a role change made here
     * is checked with Firebase on their next request (not up to REVOCATION_CHECK_TTL_MS later).
     */
    forgetVerifiedTokens(uid: string): void;
  }
}

export interface AuthPluginOptions {
  /** The Firebase project whose ID tokens are accepted (AppConfig.firebase.projectId). */
  projectId: string | null;
  /** host:port of the Auth emulator (AppConfig.firebase.authEmulatorHost). */
  emulatorHost: string | null;
  /** Whether staff sessions must have passed a second factor (AppConfig.staffSecondFactor). */
  staffSecondFactor?: StaffSecondFactor;
  /** How long a staff token's revocation check is trusted (default REVOCATION_CHECK_TTL_MS). */
  revocationCheckTtlMs?: number;
  /** The clock of that bound; tests move it instead of waiting. */
  now?: () => number;
}

/** See docs/decisions/009-staff-verified-email-and-second-factor.md. */
export type StaffSecondFactor = 'required' | 'optional';

export interface StaffGuardOptions {
  secondFactor?: StaffSecondFactor;
}

// What a guard needs to check the token again with revocation, kept off the request object
// so no handler can read the raw token by accident.
const verifiedTokens = new WeakMap<FastifyRequest, { token: string; cache: VerifiedTokenCache }>();

const plugin: FastifyPluginAsync<AuthPluginOptions> = async (app, options) => {
  // The Auth client is created on the first token, so a server whose visitors never sign in
  // needs no credentials.
  const cache = createVerifiedTokenCache({
    verify: (token, checkRevoked) =>
      verifyIdToken(
        getFirebaseAuth({ projectId: options.projectId, emulatorHost: options.emulatorHost }),
        token,
        checkRevoked,
      ),
    ...(options.revocationCheckTtlMs === undefined
      ? {}
      : { revocationTtlMs: options.revocationCheckTtlMs }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });

  app.decorateRequest('auth', null);
  app.decorate('forgetVerifiedTokens', (uid: string) => cache.forgetUser(uid));

  // preParsing, not onRequest: the rate limit runs in each route's onRequest, and it must
  // count a request before its token is verified, or bad tokens would never be counted.
  // Both hooks take a callback rather than returning a promise: they run on every request,
  // and most (no token, a public route) have nothing to wait for (decision 012).
  app.addHook('preParsing', (request, _reply, payload, done) => {
    // Static files never need a token; only the API reads who is calling. An unknown
    // address has nothing to authorize: its 404 is counted by the rate limit, not refused.
    const token =
      isApiPath(request.url) && !request.is404 ? bearerToken(request.headers.authorization) : null;
    if (token === null) {
      done(null, payload);
      return;
    }
    cache
      .verify(token)
      .then((verified) => {
        request.auth = authContextFromToken(verified);
        verifiedTokens.set(request, { token, cache });
      })
      .then(
        () => done(null, payload),
        (error: unknown) => done(error as Error),
      );
  });

  const guardChecks = guardChecksFor({ secondFactor: options.staffSecondFactor ?? 'optional' });
  // Before validation, so a caller who may not use a route learns nothing about its inputs.
  app.addHook('preValidation', (request, _reply, done) => {
    const guard = request.routeOptions.config.guard;
    const check = guard === undefined ? undefined : guardChecks[guard];
    if (check === undefined) {
      done();
      return;
    }
    check(request).then(
      () => done(),
      (error: unknown) => done(error as Error),
    );
  });
};

/**
 * Sets `request.auth` on /api requests from `Authorization: Bearer <Firebase ID token>`.
 * A request without the header is anonymous (auth null); a bad token is refused with 401
 * UNAUTHENTICATED even on public routes. Then enforces each route's declared guard
 * (`config.guard`, http/route-guards.ts). Register before the routes.
 */
export const authPlugin = fp(plugin, { name: 'auth', fastify: '5.x' });

/** preHandler guard: the caller must be signed in (an anonymous Firebase user counts). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.auth === null) {
    throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  }
}

/**
 * preHandler guard for staff routes; `admin` also passes `operator`. The token is checked
 * again against Firebase so an operator who was demoted, disabled or signed out everywhere
 * loses access within REVOCATION_CHECK_TTL_MS (30 s; at once for a role change made through
 * this instance) instead of when the token expires (up to an hour later). The e-mail
 * address must be verified (a role claim on an unverified account was set by mistake or
 * before that rule), and with `secondFactor: 'required'` the session must have passed a
 * second factor.
 */
export function requireRole(
  role: StaffRole,
  { secondFactor = 'optional' }: StaffGuardOptions = {},
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const verified = verifiedTokens.get(request);
    if (request.auth === null || verified === undefined) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    }
    const fresh = authContextFromToken(await verified.cache.verifyNotRevoked(verified.token));
    request.auth = fresh;
    if (!roleSatisfies(fresh.role, role)) {
      throw new AppError('FORBIDDEN', 'Your account does not have access to this.');
    }
    if (!fresh.emailVerified) {
      throw new AppError('FORBIDDEN', 'Verify your e-mail address before using a staff account.');
    }
    if (secondFactor === 'required' && fresh.secondFactor === null) {
      throw new AppError('FORBIDDEN', 'Staff accounts must sign in with a second factor.');
    }
  };
}

/**
 * The guards this plugin enforces. The others need what the route reads (the order for a
 * status token) or the raw body (a webhook's signature), so the route's own code checks them.
 */
function guardChecksFor(
  staff: StaffGuardOptions,
): Partial<Record<RouteGuard, (request: FastifyRequest) => Promise<void>>> {
  return {
    'signed-in': requireUser,
    operator: requireRole('operator', staff),
    admin: requireRole('admin', staff),
  };
}

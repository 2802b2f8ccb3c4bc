import type { ErrorCode } from '@unban/contract/errors';

/**
 * Who may call a route, declared by every API route as data (`config.guard`). The auth
 * plugin enforces the first three kinds from this declaration before the request is
 * validated; the other kinds need the stored data or the raw body, so the route's own code
 * checks them. The OpenAPI document shows each route's guard (`x-guard` and `security`),
 * and a route × role test can be generated from the route table.
 */
export const routeGuards = [
  /** Anyone. */
  'public',
  /** Anyone signed in with Firebase, an anonymous guest included. */
  'signed-in',
  /** Operators and admins, checked again against Firebase on every request. */
  'operator',
  /** Admins only, checked again against Firebase on every request. */
  'admin',
  /** The order's status token from its link, or its signed-in owner (checked by the route). */
  'status-token-or-owner',
  /** The payment provider, proven by the signature over the raw body (checked by payments). */
  'webhook-signature',
  /** A short-lived live-update ticket in the query (checked by the stream route). */
  'stream-ticket',
] as const;
export type RouteGuard = (typeof routeGuards)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every API route (plugins/route-contract.ts). */
    guard?: RouteGuard;
    /**
     * The error codes the route answers with on purpose (e.g. NOT_FOUND, CONFLICT). Codes its
     * guard, its validation and the API itself imply are added for it.
     */
    errors?: readonly ErrorCode[];
  }
}

/** The OpenAPI security schemes the guards refer to. */
export const securitySchemes = {
  firebaseIdToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'Firebase ID token',
    description: 'The Firebase ID token of the signed-in user (an anonymous guest counts).',
  },
  statusToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: "The unguessable status token from the order's payment-status link.",
  },
  streamTicket: {
    type: 'apiKey',
    in: 'query',
    name: 'ticket',
    description: 'A live-update ticket from `POST /api/live/tickets` or `/api/live/tickets/order`.',
  },
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'stripe-signature',
    description:
      "The provider's signature over the raw body (`stripe-signature` for Stripe, `sandbox-signature` for the sandbox).",
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof securitySchemes, string[]>>;

interface GuardDescription {
  /** OpenAPI `security` of the operation; [] means none is needed. */
  security: SecurityRequirement[];
  /** Error codes the guard itself answers with. */
  errors: readonly ErrorCode[];
}

export const guardDescriptions: Readonly<Record<RouteGuard, GuardDescription>> = {
  public: { security: [], errors: [] },
  'signed-in': { security: [{ firebaseIdToken: [] }], errors: ['UNAUTHENTICATED'] },
  operator: { security: [{ firebaseIdToken: [] }], errors: ['UNAUTHENTICATED', 'FORBIDDEN'] },
  admin: { security: [{ firebaseIdToken: [] }], errors: ['UNAUTHENTICATED', 'FORBIDDEN'] },
  'status-token-or-owner': {
    security: [{ statusToken: [] }, { firebaseIdToken: [] }],
    errors: ['NOT_FOUND'],
  },
  'webhook-signature': { security: [{ webhookSignature: [] }], errors: ['BAD_REQUEST'] },
  'stream-ticket': { security: [{ streamTicket: [] }], errors: ['UNAUTHENTICATED'] },
};

import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBodySchema, errorStatus } from '@unban/contract/errors';
import type { ErrorCode } from '@unban/contract/errors';
import { isApiPath } from '../http/api-path';
import { guardDescriptions } from '../http/route-guards';
import type { RouteGuard } from '../http/route-guards';

/*
 * The contract is the route's schema. Every API route declares its body, querystring,
 * params and responses as zod schemas from packages/contract: Fastify validates requests
 * and serializes responses through them (so a field the schema does not name is never
 * sent), and the OpenAPI document (plugins/api-docs.ts) is generated from them. Each route
 * also declares its guard and the error codes it answers with on purpose; this plugin adds
 * the error responses to the schema and refuses to start an app with an API route that
 * lacks a schema, a response or a guard.
 */

/** Answered by every API route: a bad bearer token, the rate limit, a server fault. */
const apiErrors: readonly ErrorCode[] = ['UNAUTHENTICATED', 'RATE_LIMITED', 'INTERNAL'];
/** Answered by every route that reads a JSON body, before its schema is consulted. */
const bodyErrors: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

interface ContractSchema extends FastifySchema {
  hide?: boolean;
  'x-guard'?: RouteGuard;
  'x-error-codes'?: ErrorCode[];
  response?: Record<string, unknown>;
}

/** Everything a route with this declaration may answer with, in the contract's order. */
export function routeErrorCodes(route: Pick<RouteOptions, 'config' | 'schema'>): ErrorCode[] {
  const schema = (route.schema ?? {}) as ContractSchema;
  const guard = route.config?.guard;
  const codes = new Set<ErrorCode>([
    ...apiErrors,
    ...(guard ? guardDescriptions[guard].errors : []),
    ...(schema.body || schema.querystring || schema.params ? ['VALIDATION_FAILED' as const] : []),
    ...(schema.body ? bodyErrors : []),
    ...(route.config?.errors ?? []),
  ]);
  if (route.config?.rateLimit === false) codes.delete('RATE_LIMITED');
  return (Object.keys(errorStatus) as ErrorCode[]).filter((code) => codes.has(code));
}

function errorResponses(codes: readonly ErrorCode[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // One schema per status, listing its codes: the body is the same shape for all of them.
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      status,
      errorBodySchema.meta({ description: statusCodes.join(', ') }),
    ]),
  );
}

/** What is wrong with an API route's declaration; empty when nothing is. */
export function contractProblems(route: Pick<RouteOptions, 'config' | 'schema'>): string[] {
  const schema = route.schema as ContractSchema | undefined;
  const problems: string[] = [];
  if (route.config?.guard === undefined) problems.push('declares no guard (config.guard)');
  // Hidden routes (the API description's own pages) are not part of the API they describe.
  if (schema?.hide) return problems;
  // The error responses are added for the route; its own answer must be declared.
  const answers = Object.keys(schema?.response ?? {}).filter((status) => /^[123]/.test(status));
  if (!schema) problems.push('declares no schema');
  else if (answers.length === 0) problems.push('declares no response schema');
  return problems;
}

/**
 * A route's serializer that writes its answer as JSON without parsing it against the response
 * schema again. Only for a hot route whose service builds every item from typed columns and
 * checks the values the database does not constrain (the queue: `toQueueItem`), or checks them
 * the same way as it builds its answer (the status read: `toPaymentStatus`); the
 * schema still describes the answer in the API description. Every other route keeps the zod
 * check.
 */
export const plainJsonSerializer = () => (data: unknown) =>
  // Encoded to UTF-8 here, once. Given the text, Fastify measures its byte length for
  // Content-Length and the socket encodes it again as it writes; a queue page with its
  // masked numbers ("•" makes the text two-byte) paid about 20 µs a page for the measuring
  // alone (decision 012). Fastify sends a Buffer as it is; its types only name the text.
  Buffer.from(JSON.stringify(data)) as unknown as string;

/**
 * Installs the contract on the application: zod validation and serialization, and the
 * checks and error responses of every route. Call it on the new instance before anything is
 * registered (a plugin would only see the routes registered after it loads).
 */
export function useRouteContract(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const apiRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) && route.config?.guard === undefined) return;
    apiRoutes.push(route);
    const schema = route.schema as ContractSchema | undefined;
    const guard = route.config?.guard;
    if (!schema || schema.hide || guard === undefined) return;
    const codes = routeErrorCodes(route);
    schema.security = guardDescriptions[guard].security;
    schema['x-guard'] = guard;
    schema['x-error-codes'] = codes;
    // The route's own answer for a status wins (health answers 503 with its own body).
    schema.response = { ...errorResponses(codes), ...schema.response };
  });

  // Checked once every route is registered, so a route that slips through cannot start.
  app.addHook('onReady', async () => {
    const problems = apiRoutes.flatMap((route) =>
      contractProblems(route).map((problem) => `${String(route.method)} ${route.url} ${problem}`),
    );
    if (problems.length > 0) {
      throw new Error(`API routes without their contract:\n${problems.join('\n')}`);
    }
  });
}

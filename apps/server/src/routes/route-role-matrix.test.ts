import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFirebaseAuth } from '../auth/firebase-admin';
import { routeGuards } from '../http/route-guards';
import type { RouteGuard } from '../http/route-guards';
import { authEmulator } from '../test/auth-emulator';
import { revokedStaff, signUpAnonymously, signUpStaff, signUpVerified } from '../test/auth-tokens';
import { evidenceListSchema } from '@unban/contract/evidence';
import { evidenceFolder, multipart, pngImage } from '../test/evidence-fixtures';
import { bearer, createdRequest, newCustomer } from '../test/request-fixtures';
import { createTestApp, testConfig } from '../test/test-app';
import type { TestApp } from '../test/test-app';

/*
 * Every route of the API description (`/api/docs/json`, generated from the route table) as
 * every kind of caller, with the answer its declared guard promises. A route added with a
 * guard gets its rows here without anyone writing them; a guard that stops holding fails.
 *
 * Requests carry no body and only the parameters that point at a real case, so a caller who
 * passes the guard gets a validation error or a real answer, never a side effect worth
 * mentioning; one who does not gets 401 or 403 before any input is read.
 */

const roles = [
  'anonymous',
  'guest',
  'customer',
  'another customer',
  'operator',
  'admin',
  'revoked operator',
] as const;
type Role = (typeof roles)[number];

interface Operation {
  'x-guard'?: RouteGuard;
  parameters?: { in: string; name: string; required?: boolean }[];
}

interface Row {
  method: string;
  path: string;
  guard: RouteGuard;
  role: Role;
  status: number;
}

let subject: TestApp;
const tokens = new Map<Role, string | null>();
let caseId: string;
let caseReference: string;
let evidenceId: string;
let folder: Awaited<ReturnType<typeof evidenceFolder>>;
let operations: { method: string; path: string; operation: Operation }[] = [];

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  folder = await evidenceFolder();
  subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      rateLimitPerMinute: 100_000,
      evidenceStorage: folder.storage,
    },
  });
  await subject.app.ready();
  const auth = getFirebaseAuth({ projectId });

  // The customer owns the case every :id points at; the other customer does not.
  const owner = await newCustomer();
  const created = await createdRequest(subject, owner);
  caseId = created.id;
  caseReference = created.reference;
  // A screenshot of the case, so `{evidenceId}` routes answer their owner with a real image.
  const upload = multipart([{ filename: 'ban.png', type: 'image/png', bytes: await pngImage() }]);
  const uploaded = await subject.app.inject({
    method: 'POST',
    url: `/api/requests/${caseId}/evidence`,
    headers: { ...upload.headers, ...bearer(owner) },
    payload: upload.payload,
  });
  const [evidence] = evidenceListSchema.parse(uploaded.json()).items;
  if (!evidence) throw new Error(`uploading evidence answered ${uploaded.statusCode}`);
  evidenceId = evidence.id;
  tokens.set('anonymous', null);
  tokens.set('guest', (await signUpAnonymously()).idToken);
  tokens.set('customer', owner.idToken);
  tokens.set('another customer', (await signUpVerified(auth)).idToken);
  tokens.set('operator', (await signUpStaff(auth, 'operator')).idToken);
  tokens.set('admin', (await signUpStaff(auth, 'admin')).idToken);
  tokens.set('revoked operator', (await revokedStaff(auth, 'operator')).idToken);

  const document = (await subject.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  // The API (the web app's files and the sandbox's hosted page are not part of it).
  const api = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/'));
  operations = api.flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
});
afterAll(async () => {
  await subject?.close();
  await folder?.remove();
});

/** A real address for the operation: path parameters point at the customer's case. */
function urlOf(path: string, operation: Operation): string {
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (name === 'email') return encodeURIComponent('nobody@example.test');
    if (name === 'evidenceId') return evidenceId;
    return caseId;
  });
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.name === 'order') query.set('order', caseReference);
  }
  return query.size > 0 ? `${filled}?${query}` : filled;
}

const staffGuards: readonly RouteGuard[] = ['operator', 'admin'];

/**
 * What the guard promises this caller. `allowed`: anything but 401/403 (the route's own
 * answer: 200, 400 for the missing body, 404 …). `hidden`: 404, as for a case that does not
 * exist, so a caller learns nothing about other people's cases (or 400 when the route
 * validates its body before it looks the case up); never a success.
 */
function expected(
  guard: RouteGuard,
  role: Role,
  ownerScoped: boolean,
  method: string,
): 401 | 403 | 400 | 'allowed' | 'hidden' {
  if (role === 'revoked operator') {
    // Staff routes check revocation on every request. The emulator checks it on every
    // verification, so the token is refused everywhere here (in production only there).
    return 401;
  }
  if (guard === 'webhook-signature') return 400;
  // The live stream takes only its ticket, which no caller here presents.
  if (guard === 'stream-ticket') return 401;
  if (guard === 'public') return 'allowed';
  if (guard === 'status-token-or-owner') return role === 'customer' ? 'allowed' : 'hidden';
  if (role === 'anonymous') return 401;
  if (guard === 'signed-in') {
    // Staff read any case (the back office links to it); writing stays the owner's.
    const staffRead = method === 'GET' && (role === 'operator' || role === 'admin');
    return ownerScoped && role !== 'customer' && !staffRead ? 'hidden' : 'allowed';
  }
  if (guard === 'operator') return role === 'operator' || role === 'admin' ? 'allowed' : 403;
  return role === 'admin' ? 'allowed' : 403;
}

function matches(status: number, want: ReturnType<typeof expected>): boolean {
  if (want === 'allowed') return status !== 401 && status !== 403 && status < 500;
  if (want === 'hidden') return status === 404 || status === 400;
  return status === want;
}

describe('route × role matrix', () => {
  it('covers every guard kind and every route in the API description', () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const { method, path, operation } of operations) {
      expect(operation['x-guard'], `${method} ${path} declares a guard`).toBeDefined();
    }
    const used = new Set(operations.map(({ operation }) => operation['x-guard']));
    expect([...used].sort()).toEqual([...routeGuards].sort());
  });

  it('answers every route as its guard promises, for every role', async () => {
    const rows: Row[] = [];
    const wrong: string[] = [];
    for (const { method, path, operation } of operations) {
      const guard = operation['x-guard'];
      if (guard === undefined) continue;
      const ownerScoped = path.includes('{id}') && !staffGuards.includes(guard);
      for (const [index, role] of roles.entries()) {
        const token = tokens.get(role) ?? null;
        const response = await subject.app.inject({
          method: method as 'GET',
          url: urlOf(path, operation),
          headers: token === null ? {} : bearer({ uid: role, idToken: token }),
          // One address per role: some routes have tight limits of their own (retry-payment).
          remoteAddress: `198.51.100.${index + 1}`,
        });
        rows.push({ method, path, guard, role, status: response.statusCode });
        const want = expected(guard, role, ownerScoped, method);
        if (!matches(response.statusCode, want)) {
          wrong.push(
            `${method} ${path} [${guard}] as ${role}: ${response.statusCode}, expected ${want} (${response.body.slice(0, 120)})`,
          );
        }
      }
    }
    expect(rows.length).toBe(operations.length * roles.length);
    expect(wrong).toEqual([]);
  });
});

// @ts-check
// Malformed requests for one OpenAPI operation: a request that would pass validation, with
// one or more of its parts broken (path parameters, query, body, headers, method), drawn
// from fast-check arbitraries so that a seed reproduces a run.
import fc from 'fast-check';
import { validValueOf } from './openapi-operations.mjs';

/** @typedef {import('./openapi-operations.mjs').Operation} Operation */
/** @typedef {'anonymous' | 'guest' | 'customer' | 'operator' | 'admin'} Role */
/**
 * @typedef {{ method: string, path: string, headers: Record<string, string>,
 *   body: string | Uint8Array | undefined, operation: string, role: Role, mutation: string }} FuzzRequest
 * @typedef {{ tokens: Record<Role, string | null>, ids: string[], references: string[],
 *   statusTokens: string[], sandboxSessions: string[], sandboxTokens: string[],
 *   validBodies: Record<string, unknown> }} FuzzFixtures
 */

export const roles = /** @type {const} */ (['anonymous', 'guest', 'customer', 'operator', 'admin']);

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '../../../etc/passwd',
  "' or 1=1 --",
  '"; drop table requests; --',
  '<script>alert(1)</script>',
  '${7*7}',
  'NaN',
  'Infinity',
  '-1',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x10',
  'true',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '\ud800',
  '\u202e\u0041',
  '\uffff',
  '😀'.repeat(300),
  '+12025550143',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

/** Any JSON-ish value an attacker or a broken client might send in one field. */
const nastyValue = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 5000 }).map((s) => s.repeat(3)),
  fc.integer(),
  fc.double(),
  fc.bigInt().map((n) => n.toString()),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a'), fc.jsonValue()),
);

/** Bodies that are not what their content type claims, or are too big or too deep. */
const rawBodies = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[',
    'null',
    'true',
    '"string"',
    '12',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
    JSON.stringify({ a: 'x'.repeat(2_000_000) }),
  ),
  fc.uint8Array({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

const contentTypes = [
  'application/json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  '*/*',
  ';;;',
  'application/json; boundary=',
];

/** Header values that break the usual assumptions (all printable ASCII, so fetch sends them). */
const headerValue = fc.oneof(
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    'Bearer x',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln',
    'Basic YWRtaW46YWRtaW4=',
    'Bearer '.repeat(50),
    'x'.repeat(8_000),
    't=1,v1=abc',
    't=notanumber,v1=',
    '1.2.3.4, 5.6.7.8',
    'null',
    'https://evil.example',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
);

const fuzzHeaderNames = [
  'authorization',
  'content-type',
  'idempotency-key',
  'stripe-signature',
  'sandbox-signature',
  'x-forwarded-for',
  'origin',
  'accept',
  'accept-encoding',
  'accept-language',
  'cookie',
  'if-none-match',
  'range',
  'x-http-method-override',
];

/** @param {unknown} value */
function asText(value) {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Percent-encodes every byte (UTF-8; lone surrogates become U+FFFD as a client would send). */
function percentEncode(/** @type {string} */ text) {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Percent-encodes like a client, or only what a URL cannot carry raw (so `%zz`, `..` stay). */
function encodeSegment(/** @type {string} */ text, /** @type {boolean} */ raw) {
  if (!raw) return percentEncode(text);
  return text.replace(/[^\x21-\x7e]|[#?/]/gu, (c) => percentEncode(c));
}

/**
 * One malformed request for an operation, as a fast-check arbitrary.
 * @param {Operation} operation @param {FuzzFixtures} fixtures
 * @returns {fc.Arbitrary<FuzzRequest>}
 */
export function fuzzRequest(operation, fixtures) {
  const known = (/** @type {string} */ name) =>
    name === 'id'
      ? fc.constantFrom(...fixtures.ids)
      : name === 'order'
        ? fc.constantFrom(...fixtures.references)
        : name === 'token'
          ? fc.constantFrom(...fixtures.statusTokens)
          : name === 'sessionId'
            ? fc.constantFrom(...fixtures.sandboxSessions)
            : name === 's'
              ? fc.constantFrom(...fixtures.sandboxTokens)
              : fc.constant(asText(validValueOf(undefined)));
  const partValue = (
    /** @type {string} */ name,
    /** @type {import('./openapi-operations.mjs').JsonSchema | undefined} */ schema,
  ) =>
    fc.oneof(
      { weight: 4, arbitrary: known(name) },
      { weight: 1, arbitrary: fc.constant(asText(validValueOf(schema))) },
      { weight: 3, arbitrary: nastyValue.map(asText) },
    );

  const params = fc.tuple(
    ...operation.params.map((p) =>
      fc.tuple(fc.constant(p.name), partValue(p.name, p.schema), fc.boolean()),
    ),
  );
  // The status token travels in the query without being a declared parameter (a security scheme).
  const queryParameters =
    operation.guard === 'status-token-or-owner' && !operation.query.some((p) => p.name === 'token')
      ? [...operation.query, { name: 'token', in: /** @type {const} */ ('query') }]
      : operation.query;
  const query = fc.tuple(
    fc.tuple(
      ...queryParameters.map((p) =>
        fc.tuple(
          fc.constant(p.name),
          fc.oneof(partValue(p.name, p.schema), fc.constant(undefined)),
          fc.nat({ max: 3 }),
        ),
      ),
    ),
    fc.option(
      fc.tuple(
        fc.constantFrom('__proto__[x]', 'constructor', 'q', 'limit', 'a[b][c]'),
        nastyValue.map(asText),
      ),
    ),
  );
  const validBody =
    fixtures.validBodies[`${operation.method} ${operation.path}`] ??
    validValueOf(operation.body ?? undefined);
  const body = fc.oneof(
    {
      weight: 1,
      arbitrary: fc.constant({ kind: 'valid', value: /** @type {unknown} */ (validBody) }),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.nat(), nastyValue, fc.constantFrom('replace', 'delete', 'add'))
        .map(([index, value, how]) => {
          const copy =
            validBody && typeof validBody === 'object' && !Array.isArray(validBody)
              ? { .../** @type {Record<string, unknown>} */ (validBody) }
              : {};
          const keys = Object.keys(copy);
          const key =
            keys.length > 0 && how !== 'add'
              ? (keys[index % keys.length] ?? 'x')
              : `extra${index % 3}`;
          if (how === 'delete') delete copy[key];
          else copy[key] = value;
          return { kind: `field ${how}`, value: /** @type {unknown} */ (copy) };
        }),
    },
    {
      weight: 2,
      arbitrary: nastyValue.map((value) => ({
        kind: 'whole',
        value: /** @type {unknown} */ (value),
      })),
    },
    {
      weight: 2,
      arbitrary: rawBodies.map((raw) => ({ kind: 'raw', value: /** @type {unknown} */ (raw) })),
    },
  );
  const headers = fc.array(fc.tuple(fc.constantFrom(...fuzzHeaderNames), headerValue), {
    maxLength: 3,
  });

  return fc
    .record({
      role: fc.constantFrom(...roles),
      params,
      query,
      body,
      headers,
      contentType: fc.option(fc.constantFrom(...contentTypes), { freq: 3 }),
      method: fc.option(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
        { freq: 12 },
      ),
      sendBody: fc.boolean(),
      rawTail: fc.option(fc.constantFrom('&%zz=%E0%A4', '&a=%', '&&&=', '&x[=1', '&a[b]=1&a=2'), {
        freq: 4,
      }),
    })
    .map((draw) => {
      let path = operation.path;
      for (const [name, value, raw] of draw.params)
        path = path.replace(`{${name}}`, encodeSegment(value, raw));
      const search = new URLSearchParams();
      const [declared, extra] = draw.query;
      for (const [name, value, repeat] of declared) {
        if (value === undefined) continue;
        for (let i = 0; i <= (repeat === 3 ? 1 : 0); i += 1) search.append(name, value);
      }
      if (extra) search.append(extra[0], extra[1]);
      const queryString = `${search.toString()}${draw.rawTail ?? ''}`;
      const method = draw.method ?? operation.method;

      /** @type {Record<string, string>} */
      const headers = {};
      const token = fixtures.tokens[draw.role];
      if (token) headers.authorization = `Bearer ${token}`;
      /** @type {string | Uint8Array | undefined} */
      let body;
      const hasBody = operation.body !== null || draw.sendBody;
      if (hasBody && method !== 'GET' && method !== 'HEAD') {
        const value = draw.body.value;
        body =
          draw.body.kind === 'raw'
            ? value instanceof Uint8Array
              ? value
              : String(value)
            : (JSON.stringify(value) ?? 'null');
        headers['content-type'] = draw.contentType ?? 'application/json';
      }
      for (const [name, value] of draw.headers) headers[name] = value;
      return {
        method,
        path: `${path}${queryString ? `?${queryString}` : ''}`,
        headers,
        body,
        operation: `${operation.method} ${operation.path}`,
        role: draw.role,
        mutation: body === undefined ? 'no body' : draw.body.kind,
      };
    });
}

import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { ClientConfig } from '@unban/contract/client-config';
import { isApiDocsPath, isApiPath } from '../http/api-path';
import { buildContentSecurityPolicy } from '../http/content-security-policy';

/**
 * The policy of every answer under /api. The API answers data (JSON, files), never a page
 * to render: opened as a document, nothing in it may load, run or be framed (OWASP's REST
 * security advice). The site's policy, about 700 bytes listing every host the pages load
 * from, was sent with every API answer for nothing. The few HTML pages under /api (the API
 * docs, the sandbox checkout) and the evidence images set a policy of their own.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Helmet's headers that speak only to a document the browser renders: how its window may be
 * opened or grouped, DNS prefetching of its links, old browsers' XSS filter, IE's downloads and
 * Adobe's policy files. An API answer of data goes without them; it keeps what OWASP's REST
 * advice asks of one: its policy, `nosniff`, framing, HSTS, the referrer policy, and the
 * resource policy that keeps it out of other sites' pages. Six headers fewer on every answer
 * were a measurable part of what the hottest reads cost over their SQL (decision 012,
 * 2026-12-08). The API's description (an HTML page under /api) is a document: it gets them.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export interface SecurityHeadersOptions {
  clientConfig: ClientConfig;
  /** HSTS only means something when the site is served over https. */
  https: boolean;
  /** Origins outside the site that pages post forms to (a hosted checkout needing a form post). */
  formActionOrigins?: readonly string[];
  /** CSP hash sources of the web build's inline scripts (http/inline-scripts.ts). */
  inlineScriptHashes?: readonly string[];
}

/**
 * Helmet's security headers with a Content-Security-Policy fitted to what the site loads on
 * its pages, and one that allows nothing on the API's answers.
 *
 * Helmet itself, not `@fastify/helmet`: that plugin builds a new helmet (parsing every CSP
 * directive again) on every request, which was 6% of the payment-status read's CPU
 * (docs/decisions/012-hot-paths.md). Here the middleware is built once, at start, and run
 * once to learn the headers it writes (they depend on nothing in the request); each request
 * only sets them, which its eleven nested middlewares had made 4% of the same read. A route
 * may still replace one with `reply.header` (the evidence images and the sandbox checkout
 * send a stricter policy of their own).
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { clientConfig, https, formActionOrigins = [], inlineScriptHashes = [] }) => {
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: buildContentSecurityPolicy({
          clientConfig,
          formActionOrigins,
          inlineScriptHashes,
        }),
      },
      // Firebase popup sign-in needs the popup to report back to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Firebase API keys may be restricted to the site's referrer, and the chat provider
      // checks the embedding site: send the origin (never the path) across origins.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    const { set, removed } = headersOf(setSecurityHeaders);
    const pageHeaders = Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]));
    const apiHeaders = Object.fromEntries(
      Object.entries({
        ...pageHeaders,
        'content-security-policy': API_CONTENT_SECURITY_POLICY,
      }).filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name)),
    );
    // Fastify's headers, not the raw response's: once one header is set on the raw response,
    // Node sets each of Fastify's again on it when the answer starts, each name and value
    // checked twice (decision 012). A route's own `reply.header` replaces one of these.
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      reply.headers(isApiPath(url) && !isApiDocsPath(url) ? apiHeaders : pageHeaders);
      for (const name of removed) reply.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);

type Middleware = ReturnType<typeof helmet>;

/**
 * The headers a helmet middleware sets and removes, read by running it once on a stand-in
 * response. Its policies here are fixed at start (no per-request nonce), so every response
 * gets the same ones.
 */
function headersOf(middleware: Middleware): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  middleware(
    {} as Parameters<Middleware>[0],
    response as unknown as Parameters<Middleware>[1],
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not finish synchronously');
  return { set, removed };
}

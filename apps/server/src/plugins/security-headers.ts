import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { ClientConfig } from '@unban/contract/client-config';
import { buildContentSecurityPolicy } from '../http/content-security-policy';

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
 * Helmet's security headers with a Content-Security-Policy fitted to what the site loads.
 *
 * Helmet itself, not `@fastify/helmet`: that plugin builds a new helmet (parsing every CSP
 * directive again) on every request, which was 6% of the payment-status read's CPU
 * (docs/decisions/012-hot-paths.md). Here the middleware is built once, at start, and each
 * request only sets its headers. A route may still replace one with `reply.header` (the
 * evidence images and the sandbox checkout send a stricter policy of their own).
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
    app.addHook('onRequest', (request, reply, done) => {
      // Helmet's own middleware only ever calls back without an error.
      setSecurityHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);

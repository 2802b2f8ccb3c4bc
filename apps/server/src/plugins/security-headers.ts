import helmet from '@fastify/helmet';
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

/** Helmet's security headers with a Content-Security-Policy fitted to what the site loads. */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { clientConfig, https, formActionOrigins = [], inlineScriptHashes = [] }) => {
    await app.register(helmet, {
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
  },
  { name: 'security-headers', fastify: '5.x' },
);

import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { lazyRequestLoggerFactory } from './logging/request-logger';
import { buildClientConfig } from './config/client-config';
import { answerClientError } from './http/client-error';
import { readInlineScriptHashes } from './http/inline-scripts';
import type { AppConfig } from './config/env';
import type { Database, DatabaseHandle } from './db/client';
import { livePlugin } from './live/live-plugin';
import { checkoutFormActionOrigins, paymentsPlugin } from './payments/payments-plugin';
import { apiDescriptionPlugin, apiDocsPagePlugin } from './plugins/api-docs';
import { appContextPlugin } from './plugins/app-context';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorHandlerPlugin } from './plugins/error-handler';
import { evidenceStorePlugin } from './plugins/evidence-store';
import { refuseNulPlugin } from './plugins/refuse-nul';
import { ownerReviewRemindersPlugin } from './plugins/owner-review-reminders';
import { replyAlertsPlugin } from './plugins/reply-alerts';
import { retentionSweepPlugin } from './plugins/retention-sweep';
import { rateLimitPlugin } from './plugins/rate-limit';
import { useRouteContract } from './plugins/route-contract';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { accountRoutes } from './routes/account/account-routes';
import { adminRoutes } from './routes/admin/admin-routes';
import { chatIdentityRoutes } from './routes/chat/chat-identity-routes';
import { clientConfigRoutes } from './routes/client-config/client-config-routes';
import { evidenceRoutes } from './routes/evidence/evidence-routes';
import { healthRoutes } from './routes/health/health-routes';
import { liveRoutes } from './routes/live/live-routes';
import { mailboxRoutes } from './routes/mailbox/mailbox-routes';
import { paymentStatusPageReader } from './routes/payment-status/payment-status-page';
import { paymentStatusRoutes } from './routes/payment-status/payment-status-routes';
import { requestRoutes } from './routes/requests/request-routes';
import { resultsRoutes } from './routes/results/results-routes';
import { webhookRoutes } from './routes/webhooks/webhook-routes';
import { inboundEmailRoutes } from './routes/inbound-email/inbound-email-routes';

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** Fastify/pino logger options; false (the default) for silence, as in tests. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Keep rate-limit counters in the database, shared by every instance on it. Defaults to
   * on with PostgreSQL (DATABASE_URL, several instances possible) and off with the embedded
   * database (one server per data folder, counters in memory are exact and cheaper).
   */
  sharedRateLimits?: boolean;
  /**
   * Where committed case changes are heard (the database handle's LISTEN). Without it the
   * live-update routes are not served and pages keep polling.
   */
  caseChanges?: Pick<DatabaseHandle, 'listen'>;
}

/**
 * Fastify's `trustProxy` for the configured proxies. A hop count becomes the function form:
 * trust the addresses the last `hops` proxies appended, never the ones the client wrote.
 */
function trustProxyOption(trustProxy: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** API request bodies are small JSON documents; anything bigger is a mistake or abuse. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the whole HTTP application without listening, so tests drive it with
 * `app.inject()`. Plugins go in order: external (headers, compression, rate limit), then the
 * app's own (context, errors, the route contract and its API description, auth, payments),
 * then routes, then the web app's files.
 */
export function buildApp({
  config,
  db,
  logger = false,
  sharedRateLimits = config.databaseUrl !== null,
  caseChanges,
}: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger,
    // Each request's logger is made when the request first logs (logging/request-logger.ts).
    childLoggerFactory: lazyRequestLoggerFactory,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // Keep-alive sockets would otherwise hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    // Requests the HTTP parser refuses get their answer before the connection closes.
    clientErrorHandler: answerClientError,
  });
  useRouteContract(app);
  const clientConfig = buildClientConfig(config);

  app.register(securityHeadersPlugin, {
    clientConfig,
    https: config.publicUrl.startsWith('https://'),
    formActionOrigins: checkoutFormActionOrigins(config.payments),
    inlineScriptHashes: readInlineScriptHashes(config.webDistDir),
  });
  app.register(compressionPlugin);
  app.register(rateLimitPlugin, {
    perMinute: config.rateLimitPerMinute,
    ...(sharedRateLimits ? { sharedIn: db } : {}),
  });

  app.register(appContextPlugin, { config, clientConfig, db });
  app.register(errorHandlerPlugin);
  app.register(refuseNulPlugin);
  app.register(apiDescriptionPlugin);
  app.register(authPlugin, {
    projectId: config.firebase.projectId,
    emulatorHost: config.firebase.authEmulatorHost,
    staffSecondFactor: config.staffSecondFactor,
  });
  app.register(paymentsPlugin);
  app.register(evidenceStorePlugin);
  app.register(replyAlertsPlugin);
  app.register(ownerReviewRemindersPlugin);
  app.register(retentionSweepPlugin);
  if (caseChanges) {
    app.register(livePlugin, { source: caseChanges, ticketSecret: config.liveTicketSecret });
  }

  app.register(healthRoutes, { prefix: '/api' });
  app.register(clientConfigRoutes, { prefix: '/api' });
  app.register(adminRoutes, { prefix: '/api' });
  app.register(mailboxRoutes, { prefix: '/api' });
  app.register(chatIdentityRoutes, { prefix: '/api' });
  app.register(requestRoutes, { prefix: '/api', quota: config.requestQuota });
  app.register(accountRoutes, { prefix: '/api' });
  app.register(paymentStatusRoutes, { prefix: '/api' });
  app.register(resultsRoutes, { prefix: '/api' });
  app.register(evidenceRoutes, { prefix: '/api' });
  app.register(webhookRoutes, { prefix: '/api' });
  app.register(inboundEmailRoutes, { prefix: '/api' });
  if (caseChanges) app.register(liveRoutes, { prefix: '/api' });
  app.register(apiDocsPagePlugin);

  app.register(webAppPlugin, {
    distDir: config.webDistDir,
    clientConfig,
    identity: config.identity,
    publicUrl: config.publicUrl,
    readPaymentStatus: paymentStatusPageReader(app),
  });

  return app;
}

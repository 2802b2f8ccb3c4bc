import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sandboxOutcomes } from '../../payments/sandbox';
import type { SandboxProvider } from '../../payments/sandbox';
import { renderSandboxCheckoutPage, renderSandboxMessagePage } from '../../payments/sandbox-page';

const notFoundPage = renderSandboxMessagePage(
  'Checkout not found',
  'This checkout link is not valid. Go back to the site and open the payment again.',
);
const forbiddenPage = renderSandboxMessagePage(
  'Not allowed',
  'The checkout buttons only work on the checkout page itself. Open the payment again from the site.',
);

const pageParamsSchema = z.object({ sessionId: z.string().max(100) });
const actionParamsSchema = pageParamsSchema.extend({ outcome: z.enum(sandboxOutcomes) });
const querySchema = z.object({ s: z.string().max(4096) });

/**
 * The page's own policy, stricter than the site's: no script and nothing loaded at all,
 * the inline <style> only, forms posting here, and the redirect that follows a form post
 * (which browsers check against form-action too) going to the site's own address.
 */
function pageSecurityPolicy(publicOrigin: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${publicOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function sendHtml(reply: FastifyReply, status: number, html: string, publicOrigin: string) {
  return (
    reply
      .code(status)
      .header('content-security-policy', pageSecurityPolicy(publicOrigin))
      .header('cache-control', 'no-store')
      // The address carries the signed session (and the status link inside it), so it never
      // goes to another site. Not 'no-referrer': browsers then send `Origin: null` with the
      // buttons' form posts, which the same-origin check below must refuse.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

/**
 * Browsers send Origin with every form POST. Only our own pages may press the sandbox's
 * buttons: the site's public address, or the address this request came to (a developer
 * opening 127.0.0.1 instead of localhost).
 */
function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

/**
 * The sandbox provider's hosted checkout (`GET /sandbox/checkout/:sessionId?s=…`) and its
 * four buttons (`POST /sandbox/checkout/:sessionId/{pay,decline,cancel,pay-later}?s=…`),
 * which send signed events through the webhook handler and then redirect (303) to the
 * order's status page. Registered only while the sandbox is the provider.
 */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  const sandbox: SandboxProvider | null = app.payments.sandbox;
  if (!sandbox) return;
  const publicOrigin = new URL(app.config.publicUrl).origin;

  // The forms post no fields (everything is in the signed address); accept and drop the body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, null),
  );

  app.get('/sandbox/checkout/:sessionId', async (request, reply) => {
    const params = pageParamsSchema.safeParse(request.params);
    const query = querySchema.safeParse(request.query);
    const info =
      params.success && query.success
        ? sandbox.describeSession(params.data.sessionId, query.data.s)
        : null;
    if (!info || !query.success) {
      return sendHtml(reply, 404, notFoundPage, publicOrigin);
    }
    const payable = await sandbox.isPayable(info);
    return sendHtml(
      reply,
      200,
      renderSandboxCheckoutPage({ info, token: query.data.s, payable }),
      publicOrigin,
    );
  });

  app.post('/sandbox/checkout/:sessionId/:outcome', async (request, reply) => {
    if (!isSameOrigin(request, publicOrigin)) {
      return sendHtml(reply, 403, forbiddenPage, publicOrigin);
    }
    const params = actionParamsSchema.safeParse(request.params);
    const query = querySchema.safeParse(request.query);
    if (!params.success || !query.success) {
      return sendHtml(reply, 404, notFoundPage, publicOrigin);
    }
    const result = await sandbox.act(params.data.sessionId, query.data.s, params.data.outcome);
    if (result.kind === 'invalid') {
      return sendHtml(reply, 404, notFoundPage, publicOrigin);
    }
    return reply.code(303).header('cache-control', 'no-store').redirect(result.location, 303);
  });
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxOutcomes } from './sandbox';
import type { SandboxProvider } from './sandbox';
import { renderSandboxCheckoutPage, renderSandboxMessagePage } from './sandbox-page';

const notFoundPage = renderSandboxMessagePage(
  'Checkout not found',
  'This checkout link is not valid. Go back to the site and open the payment again.',
);
const forbiddenPage = renderSandboxMessagePage(
  'Not allowed',
  'The checkout buttons only work on the checkout page itself. Open the payment again from the site.',
);

export interface SandboxRoutesOptions {
  sandbox: SandboxProvider;
  /** The site's address: the pages live under it, and their buttons may only post from it. */
  publicUrl: string;
}

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
 * order's status page. The payments plugin registers them only while the sandbox is the
 * provider.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (
  app,
  { sandbox, publicUrl },
) => {
  const publicOrigin = new URL(publicUrl).origin;

  // The forms post no fields (everything is in the signed address); accept and drop the body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, null),
  );

  const htmlPage = (description: string) => ({
    description,
    content: { 'text/html': { schema: z.string() } },
  });
  const schema = {
    tags: ['sandbox'],
    querystring: querySchema,
    response: {
      200: htmlPage('The checkout page'),
      303: z.null().describe("Sent on to the order's payment-status page"),
      403: htmlPage('The button was not pressed on the checkout page itself'),
      404: htmlPage('The checkout link is not genuine'),
    },
  };
  // The signed address is the only key: a link that is not genuine is simply not found, as
  // a page (the customer's browser shows it), not as an API error.
  const config = { guard: 'public' as const };

  app.get(
    '/sandbox/checkout/:sessionId',
    {
      config,
      attachValidation: true,
      schema: {
        ...schema,
        summary: "The sandbox's hosted checkout page",
        params: pageParamsSchema,
      },
    },
    async (request, reply) => {
      const info = request.validationError
        ? null
        : sandbox.describeSession(request.params.sessionId, request.query.s);
      if (!info) return sendHtml(reply, 404, notFoundPage, publicOrigin);
      const payable = await sandbox.isPayable(info);
      return sendHtml(
        reply,
        200,
        renderSandboxCheckoutPage({ info, token: request.query.s, payable }),
        publicOrigin,
      );
    },
  );

  app.post(
    '/sandbox/checkout/:sessionId/:outcome',
    {
      config,
      attachValidation: true,
      schema: {
        ...schema,
        summary: "A button of the sandbox's checkout page: pay, decline, cancel or pay later",
        params: actionParamsSchema,
      },
    },
    async (request, reply) => {
      if (!isSameOrigin(request, publicOrigin)) {
        return sendHtml(reply, 403, forbiddenPage, publicOrigin);
      }
      if (request.validationError) return sendHtml(reply, 404, notFoundPage, publicOrigin);
      const { sessionId, outcome } = request.params;
      const result = await sandbox.act(sessionId, request.query.s, outcome);
      if (result.kind === 'invalid') {
        return sendHtml(reply, 404, notFoundPage, publicOrigin);
      }
      return reply.code(303).header('cache-control', 'no-store').redirect(result.location, 303);
    },
  );
};

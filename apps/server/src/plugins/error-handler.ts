import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { isApiPath } from '../http/api-path';
import { toErrorResponse } from '../http/error-response';
import { lingerWhenClosed } from '../http/lingering-close';

/**
 * One error format for the whole API, and the 404 for unknown addresses: JSON under /api,
 * plain text elsewhere (the web app uses hash routes, so every real page is `/`).
 */
export const errorHandlerPlugin = fp(
  (app, _options, done) => {
    app.setErrorHandler((error, request, reply) => {
      const { statusCode, body, serverFault } = toErrorResponse(error);
      if (serverFault) {
        request.log.error({ err: error }, 'request failed');
      } else if (error instanceof AppError && error.cause !== undefined) {
        request.log.info({ err: error }, 'request refused');
      }
      return reply.code(statusCode).send(body);
    });

    // Fastify answers a body it refuses (over the limit, unparsable) with `Connection: close`;
    // when the client is still sending that body, close the lingering way so the answer
    // reaches it (http/lingering-close.ts). A callback hook: it runs on every answer, and an
    // async one would cost a promise each time for a case that is rare.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.getHeader('connection') === 'close' && !request.raw.complete)
        lingerWhenClosed(request.raw.socket);
      done(null, payload);
    });

    app.setNotFoundHandler(
      // Count unknown API addresses against the rate limit too, so probing costs the same.
      { preHandler: app.hasDecorator('rateLimit') ? app.rateLimit() : undefined },
      (request, reply) => {
        if (isApiPath(request.url)) {
          const { statusCode, body } = toErrorResponse(
            new AppError('ROUTE_NOT_FOUND', 'There is no API endpoint at this address.'),
          );
          return reply.code(statusCode).send(body);
        }
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      },
    );
    done();
  },
  { name: 'error-handler', fastify: '5.x' },
);

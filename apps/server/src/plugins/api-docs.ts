import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_DOCS_PATH } from '../http/api-path';
import { securitySchemes } from '../http/route-guards';

/**
 * The docs page's own policy, scoped to its routes (the site's policy stays as strict as the
 * site needs): Swagger UI's script and styles from this server only, inline style attributes
 * (its React views set them), its logo as a data: image, and calls back to this server.
 */
const DOCS_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Collects every route's schema (register it before the routes) into an OpenAPI 3 document,
 * generated from the zod contract by fastify-type-provider-zod.
 */
export const apiDescriptionPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${app.config.identity.brand} API`,
          version: '1',
          description:
            'The JSON API of the site. Errors are `{ "error": { "code", "message", "fields"? } }` with the stable codes each operation lists in `x-error-codes`; `x-guard` names who may call it.',
        },
        components: { securitySchemes },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'api-description', fastify: '5.x' },
);

/**
 * `GET /api/docs`: a readable page of the API description; `GET /api/docs/json`: the
 * OpenAPI 3 document itself.
 */
export const apiDocsPagePlugin: FastifyPluginAsync = async (app) => {
  // The description is public, as the API's addresses are; it holds no data.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, guard: 'public' };
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Swagger UI's files ship inside the package: the page works without the internet.
    staticCSP: DOCS_PAGE_POLICY,
    uiConfig: { deepLinking: true, validatorUrl: null },
    theme: { title: `${app.config.identity.brand} API` },
  });
};

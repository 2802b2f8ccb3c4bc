import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientConfig } from '@unban/contract/client-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { defaultLocale, localePagePath } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { injectClientConfig, injectSiteIdentity } from '../http/index-html';
import type { PaymentStatusPageReader, WebPrerenderer } from '../http/prerendered-pages';
import { loadPrerenderer, renderPrerenderedPages } from '../http/prerendered-pages';
import { robotsTxt, sitemapXml } from '../http/seo-files';

export interface WebAppOptions {
  /** The built web app: index.html and hashed files under assets/. */
  distDir: string;
  clientConfig: ClientConfig;
  /** What the pages say about the site (docs/decisions/023): rendered in, and carried along. */
  identity: SiteIdentity;
  /** Where customers reach the site: canonical addresses, link previews, the sitemap. */
  publicUrl: string;
  /** Reads the status the payment-status page is rendered with (routes/payment-status). */
  readPaymentStatus: PaymentStatusPageReader;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Revalidate every time (cheap with the ETag) so a deploy is picked up on the next load.
const REVALIDATE = 'no-cache';

async function readIndexHtml(distDir: string): Promise<string | null> {
  try {
    return await readFile(path.join(distDir, 'index.html'), 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** A page held in memory, answered with its ETag (304 when the browser has it). */
function sendDocument(html: string, type = 'text/html; charset=utf-8') {
  const etag = etagOf(html);
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', REVALIDATE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(type).send(html);
  };
}

/** The query of a request's address exactly as the browser sent it (`?order=…`), or ''. */
function rawSearch(request: FastifyRequest): string {
  const url = request.raw.url ?? '';
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

/**
 * `GET /payment-status?order=…&token=…` (and `/es/payment-status?…` in each other language the
 * build renders): the payment-status screen rendered per request with the order's status
 * (decision 016), in the address's language. The address holds the order's private token, so
 * the page is never stored by a cache and never sent on as a referrer. A build without a
 * prerenderer sends the browser to the screen's hash route instead.
 */
function paymentStatusDocument(
  prerenderer: WebPrerenderer | null,
  template: string,
  publicUrl: string,
  read: PaymentStatusPageReader,
  identity: SiteIdentity,
  locale: SupportedLocale,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const search = rawSearch(request);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!prerenderer?.renderPaymentStatusDocument) {
      return reply.redirect(`${localePagePath(locale, '/')}#/payment-status${search}`, 302);
    }
    // English is rendered exactly as before the languages: without a locale argument.
    const document =
      locale === defaultLocale
        ? await prerenderer.renderPaymentStatusDocument(template, search, publicUrl, read, identity)
        : await prerenderer.renderPaymentStatusDocument(
            template,
            search,
            publicUrl,
            read,
            identity,
            locale,
          );
    return reply.type('text/html; charset=utf-8').send(document);
  };
}

/**
 * Serves the single-page app. index.html gets the runtime client configuration once, at
 * start; then the web build's prerenderer renders the public pages (home, terms, privacy,
 * refunds) into it with the same React components the browser hydrates. All of it is served
 * from memory; the hashed build files are cached for a year.
 */
export const webAppPlugin = fp<WebAppOptions>(
  async (app, { distDir, clientConfig, identity, publicUrl, readPaymentStatus }) => {
    const source = await readIndexHtml(distDir);

    if (source === null) {
      app.log.warn(
        { distDir },
        'The web app is not built: no index.html in the web dist folder. Run `npm run build` (or set WEB_DIST_DIR). The API works meanwhile.',
      );
      const notBuilt = (_request: FastifyRequest, reply: FastifyReply) =>
        reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(
            `The web app has not been built yet (no index.html in ${distDir}).\nRun \`npm run build\` and restart the server.\n`,
          );
      app.get('/', notBuilt);
      app.get('/index.html', notBuilt);
      return;
    }

    const injected = injectClientConfig(source, clientConfig);
    const { replaced } = injected;
    // The identity goes in once, here, so every document served from it carries the same.
    const html = injectSiteIdentity(injected.html, identity);
    if (!replaced) {
      app.log.warn(
        { distDir },
        'index.html has no client-config block; the configuration was added at the end of <head>.',
      );
    }

    // The app shell alone, for builds without a prerenderer (e.g. a test's fixture build).
    const documents = new Map<string, string>([['/', html]]);
    const prerenderer = await loadPrerenderer(distDir);
    if (prerenderer) {
      for (const [pagePath, document] of await renderPrerenderedPages(
        prerenderer,
        html,
        publicUrl,
        identity,
      )) {
        documents.set(pagePath, document);
      }
    } else {
      app.log.warn({ distDir }, 'The web build has no prerenderer; pages are served unrendered.');
    }
    for (const [pagePath, document] of documents) {
      app.get(pagePath, sendDocument(document));
      if (pagePath === '/') app.get('/index.html', sendDocument(document));
      // A language's home (`/es/`) typed without its slash: the document's relative links
      // and the app's hash routes need the slash, so send the browser there once.
      if (pagePath.length > 1 && pagePath.endsWith('/')) {
        app.get(pagePath.slice(0, -1), (_request, reply) => reply.redirect(pagePath, 301));
      }
    }
    // Only the languages the build renders get an address: any other prefix stays a 404.
    for (const locale of prerenderer?.supportedLocales ?? [defaultLocale]) {
      app.get(
        localePagePath(locale, '/payment-status'),
        paymentStatusDocument(prerenderer, html, publicUrl, readPaymentStatus, identity, locale),
      );
    }
    app.get('/robots.txt', sendDocument(robotsTxt(publicUrl), 'text/plain; charset=utf-8'));
    app.get(
      '/sitemap.xml',
      sendDocument(sitemapXml(publicUrl, [...documents.keys()]), 'application/xml; charset=utf-8'),
    );

    const assetsDir = path.join(distDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      // One route per built file, found at start: /api addresses never reach the file
      // server, and the build is fixed for the life of the process anyway (index.html too).
      wildcard: false,
      // The raw index.html carries the build-time config; only the injected copy is served.
      // server/ is the prerenderer, code for this process, not for browsers.
      globIgnore: ['index.html', 'server/**'],
      // Cache-Control is set per file below.
      cacheControl: false,
      // @fastify/static 9 hands over the raw Node response here.
      setHeaders: (response, filePath) => {
        response.setHeader(
          'cache-control',
          filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE,
        );
      },
    });
  },
  { name: 'web-app', fastify: '5.x' },
);

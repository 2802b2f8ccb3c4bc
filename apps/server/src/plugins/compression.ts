import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Routes without a request body: nothing for the plugin to decompress. */
const bodiless = new Set(['GET', 'HEAD']);

/** Brotli for browsers that accept it, gzip otherwise; small bodies are sent as they are. */
export const compressionPlugin = fp(
  async (app) => {
    // Added before the plugin's own, so it sees the choice: a GET has no body to decompress,
    // and the check it would run on each one was 3% of the status read's CPU (decision 012).
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.decompress === undefined && methods.every((method) => bodiless.has(method))) {
        route.decompress = false;
      }
    });
    await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  },
  { name: 'compression', fastify: '5.x' },
);

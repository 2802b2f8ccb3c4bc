import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Brotli for browsers that accept it, gzip otherwise; small bodies are sent as they are. */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  },
  { name: 'compression', fastify: '5.x' },
);

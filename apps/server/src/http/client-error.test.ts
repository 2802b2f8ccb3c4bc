import net from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError } from './client-error';

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify({ clientErrorHandler: answerClientError });
  app.get('/', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(() => app.close());

/** Sends raw bytes in one write and returns everything the server sent before it closed. */
function exchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer arrived still counts as answered; what matters is the bytes.
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(10_000, () => reject(new Error('no close within 10 s')));
  });
}

describe('requests the HTTP parser refuses', () => {
  // Found by `npm run fuzz`: with Fastify's default (write, then destroy at once) the client
  // was still sending, the close became a reset, and the 431 was lost on the way.
  it('answer a head over the size limit with 431, even while the client is still sending', async () => {
    const big = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(1_000_000)}\r\n\r\n`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(big)));
    for (const answer of answers) {
      expect(answer.slice(0, 40)).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toContain('Connection: close');
      expect(answer).toContain('"code":"HEADERS_TOO_LARGE"');
    }
  });

  it('answer bytes that are not HTTP with 400 in the API error format', async () => {
    const answer = await exchange('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' },
    });
  });

  it('keep serving well-formed requests', async () => {
    const answer = await exchange('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

import net from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../plugins/error-handler';

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify({ bodyLimit: 1024 * 1024 });
  await app.register(errorHandlerPlugin);
  app.post('/echo', async (request) => ({ received: typeof request.body }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(() => app.close());

/**
 * Sends a request with a body in one write and returns what came back before the close. Like
 * a busy client, it reads nothing for a moment: what the server sent must still be there.
 */
function post(bodyBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const head = `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(Buffer.alloc(bodyBytes, 0x20));
      socket.pause();
      setTimeout(() => socket.resume(), 300);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(10_000, () => reject(new Error('no close within 10 s')));
  });
}

describe('a body refused while it is still arriving', () => {
  // Found by `npm run fuzz`: Fastify answers 413 with `Connection: close`, Node then closed at
  // once with the rest of the body unread, and the client got EPIPE instead of the answer.
  it('still gets its 413 to the client', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(4 * 1024 * 1024)));
    for (const answer of answers) {
      expect(answer.slice(0, 40)).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    }
  });
});

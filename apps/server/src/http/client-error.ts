import type { Socket } from 'node:net';
import { errorStatus } from '@unban/contract/errors';
import type { ErrorBody, ErrorCode } from '@unban/contract/errors';
import { lingeringClose } from './lingering-close';

/**
 * The answer to a request Node's HTTP parser refused before Fastify saw it (a head over
 * the size limit, bytes that are not HTTP, a request that took too long to arrive).
 *
 * Fastify's default writes its answer and destroys the socket at once. When the client is
 * still sending (a 20 kB header in one write), the kernel then holds unread bytes, closes
 * with a reset, and the client often loses the answer with it: `npm run fuzz` counted those
 * as dropped connections. This one answers with `Connection: close` and closes the
 * lingering way (lingering-close.ts).
 */

const answered = new WeakSet<Socket>();

interface ClientError extends Error {
  code?: string;
}

function refusalFor(error: ClientError): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' };
    default:
      return { code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' };
  }
}

function statusLine(status: number): string {
  const reasons: Partial<Record<number, string>> = {
    400: 'Bad Request',
    408: 'Request Timeout',
    431: 'Request Header Fields Too Large',
  };
  return `HTTP/1.1 ${status} ${reasons[status] ?? 'Bad Request'}`;
}

export function answerClientError(error: ClientError, socket: Socket): void {
  // A reset by the client, or a second parse error on a socket we already answered.
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const { code, message } = refusalFor(error);
  const status = errorStatus[code];
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
  // The parser's own listener would feed the rest to a parser that has failed.
  socket.removeAllListeners('data');
  socket.on('data', () => {});
  lingeringClose(
    socket,
    `${statusLine(status)}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

import type { Socket } from 'node:net';

/**
 * Closing a connection while the client is still sending makes the kernel answer with a
 * reset, and a client that is still writing often loses our answer with it (it sees
 * "other side closed" or EPIPE instead of the 413 or 431 we sent). Servers have long closed
 * such connections the "lingering" way: end our side (the answer, then FIN), keep reading
 * and dropping what still arrives, and close once the client has closed too or `LINGER_MS`
 * has passed. `npm run fuzz` counted the abrupt closes as dropped connections.
 */

/** How long a closing connection is kept to drain the client's remaining bytes. */
export const LINGER_MS = 2_000;

/** Ends our side now (after `lastWrite`, if any) and drops what arrives until the client closes. */
export function lingeringClose(socket: Socket, lastWrite?: string): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  socket.on('error', () => socket.destroy());
  if (socket.writable) {
    if (lastWrite === undefined) socket.end();
    else socket.end(lastWrite);
  } else {
    socket.destroy();
    return;
  }
  socket.resume();
}

/**
 * Node closes a connection after a response that said `Connection: close` with
 * `socket.destroySoon()`; on this socket that close becomes a lingering one. For responses
 * sent before the request's body has arrived in full (a body over the limit, a refused upload).
 */
export function lingerWhenClosed(socket: Socket): void {
  socket.destroySoon = () => lingeringClose(socket);
}

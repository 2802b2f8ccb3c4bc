import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findBusyPort } from './free-ports.mjs';

/** @type {net.Server[]} */
const servers = [];

/** Listens on a free port chosen by the system and returns it. */
async function occupyPort() {
  const server = net.createServer();
  servers.push(server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

describe('findBusyPort', () => {
  it('names the port that something already listens on', async () => {
    const busy = await occupyPort();
    const free = await occupyPort();
    await new Promise((resolve) => servers.pop()?.close(resolve));
    expect(await findBusyPort([free, busy], '127.0.0.1')).toBe(busy);
  });

  it('returns null when every port is free', async () => {
    const free = await occupyPort();
    await new Promise((resolve) => servers.pop()?.close(resolve));
    expect(await findBusyPort([free], '127.0.0.1')).toBeNull();
  });
});

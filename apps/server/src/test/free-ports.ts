import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';

/**
 * `count` different ports free on 127.0.0.1 right now, so test runs side by side on one machine
 * do not collide. Every port is held open until all are picked, so none is handed out twice.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
  return ports;
}

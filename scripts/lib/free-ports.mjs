// @ts-check
import net from 'node:net';

/**
 * Finds the first port that something already listens on. Checked before anything starts, so a
 * second copy on the same ports fails with one clear sentence rather than with an emulator stack
 * trace half-way through start-up.
 * @param {readonly number[]} ports
 * @param {string} host
 * @returns {Promise<number | null>}
 */
export async function findBusyPort(ports, host) {
  for (const port of ports) {
    if (!(await canListen(port, host))) return port;
  }
  return null;
}

/**
 * @param {number} port
 * @param {string} host
 * @returns {Promise<boolean>}
 */
function canListen(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

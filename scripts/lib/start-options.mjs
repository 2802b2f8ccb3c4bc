// @ts-check
import path from 'node:path';

/** The demo project id: the `demo-` prefix makes the emulator refuse to reach real Google services. */
export const EMULATOR_PROJECT_ID = 'demo-unban';

/**
 * Every port of one embedded run follows PORT, so two checkouts (or two test servers) can run side
 * by side by choosing PORT alone. The offsets keep the defaults on the familiar ports:
 * 8080 → Auth emulator 9099, hub 9100, logging 9101, Vite dev server 8173.
 */
export const PORT_OFFSETS = { auth: 1019, hub: 1020, logging: 1021, vite: 93 };

const MAX_PORT = 65535;

export class StartOptionsError extends Error {}

/**
 * @typedef {object} StartOptions
 * @property {number} port the server's port
 * @property {string} host the server's listen address (HOST, default 127.0.0.1)
 * @property {string} probeHost where this script reaches the server (a wildcard address is not reachable)
 * @property {string} dataDir absolute path of the data folder
 * @property {boolean} dev also run the Vite dev server
 * @property {{ auth: number, hub: number, logging: number, vite: number }} ports
 */

/**
 * Reads PORT, HOST and DATA_DIR the way the server does, so this script and the server agree on
 * where things live, and derives the emulator and dev-server ports.
 * @param {NodeJS.ProcessEnv} env
 * @param {readonly string[]} argv arguments after the script name
 * @param {string} cwd relative DATA_DIR is resolved against it, like the server does
 * @returns {StartOptions}
 */
export function resolveStartOptions(env, argv, cwd) {
  const unknown = argv.filter((arg) => arg !== '--dev');
  if (unknown.length > 0) {
    throw new StartOptionsError(
      `Unknown argument(s): ${unknown.join(' ')}. Usage: node scripts/start.mjs [--dev]`,
    );
  }

  const port = parsePort(env.PORT);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || '.data');

  return {
    port,
    host,
    probeHost: isWildcardAddress(host) ? '127.0.0.1' : host,
    dataDir,
    dev: argv.includes('--dev'),
    ports: {
      auth: port + PORT_OFFSETS.auth,
      hub: port + PORT_OFFSETS.hub,
      logging: port + PORT_OFFSETS.logging,
      vite: port + PORT_OFFSETS.vite,
    },
  };
}

/** @param {string | undefined} raw */
function parsePort(raw) {
  const text = raw?.trim() || '8080';
  const highestOffset = Math.max(...Object.values(PORT_OFFSETS));
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port + highestOffset > MAX_PORT) {
    throw new StartOptionsError(
      `PORT must be a whole number from 1 to ${MAX_PORT - highestOffset} (the emulator uses PORT+${PORT_OFFSETS.auth} to PORT+${highestOffset}); got "${text}".`,
    );
  }
  return port;
}

/** @param {string} host */
function isWildcardAddress(host) {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/**
 * The address people open in a browser. localhost rather than 127.0.0.1 for the default host,
 * matching the server's default PUBLIC_URL (cookies and the Auth emulator care about the name).
 * @param {string} host
 * @param {number} port
 */
export function browserUrl(host, port) {
  const name = host === '127.0.0.1' || isWildcardAddress(host) ? 'localhost' : host;
  return `http://${urlHost(name)}:${port}/`;
}

/**
 * An IPv6 literal needs brackets inside a URL.
 * @param {string} host
 */
export function urlHost(host) {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

#!/usr/bin/env node
// @ts-check
// `npm start` (and `npm run dev` with --dev): the whole product on one machine with nothing
// installed by hand. Builds the web app when its sources changed, starts the Firebase Auth
// emulator, then the server; stops all of them together. See README.md, "Architecture".
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EmulatorSetupError,
  emulatorCommand,
  prepareEmulatorFiles,
  tailOfLog,
} from './lib/auth-emulator.mjs';
import { findBusyPort } from './lib/free-ports.mjs';
import { ProcessGroups } from './lib/process-groups.mjs';
import {
  EMULATOR_PROJECT_ID,
  StartOptionsError,
  browserUrl,
  resolveStartOptions,
  urlHost,
} from './lib/start-options.mjs';
import { WaitTimeoutError, waitForHttp } from './lib/wait-for-http.mjs';
import { withBuildLock } from './lib/build-lock.mjs';
import { webBuildStatus } from './lib/web-build.mjs';

/** A problem the user can act on: printed as one message, without a stack trace. */
class StartError extends Error {}

const rootDir = fileURLToPath(new URL('..', import.meta.url));
// The emulator is a JVM-free node process, but on a busy 2-core machine its cold start has taken
// over 90 s; a real failure (port taken, crash) still ends sooner, with its log.
const STARTUP_TIMEOUT_MS = 180_000;
const names = {
  build: 'web build',
  emulator: 'Firebase Auth emulator',
  server: 'server',
  vite: 'Vite dev server',
};

/** @type {Map<string, () => string>} extra words for a child's failure message, e.g. its log */
const diagnostics = new Map();

const groups = new ProcessGroups((name, code, signal) => {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  console.error(`\n✖ The ${name} ${how}; stopping everything else.`);
  const extra = diagnostics.get(name)?.();
  if (extra) console.error(extra);
  void shutdown(1);
});

let shuttingDown = false;
/** @param {number} exitCode */
async function shutdown(exitCode) {
  if (shuttingDown) {
    // Second Ctrl-C: the user does not want to wait for a clean stop.
    await groups.stopAll();
    process.exit(exitCode || 1);
  }
  shuttingDown = true;
  await groups.stopAll();
  process.exit(exitCode);
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (!shuttingDown) console.log(`\nStopping (${signal})…`);
    void shutdown(0);
  });
}

try {
  await main();
} catch (error) {
  // A Ctrl-C during start-up is not a failure; the shutdown it began ends the process.
  if (shuttingDown) await new Promise(() => {});
  if (
    error instanceof StartOptionsError ||
    error instanceof WaitTimeoutError ||
    error instanceof EmulatorSetupError ||
    error instanceof StartError
  ) {
    console.error(`\n✖ ${error.message}`);
  } else {
    console.error(error);
  }
  await shutdown(1);
}

async function main() {
  const options = resolveStartOptions(process.env, process.argv.slice(2), process.cwd());
  const { port, probeHost, dataDir, ports } = options;

  const busy =
    (await findBusyPort([port], probeHost)) ??
    (await findBusyPort(
      [ports.auth, ports.hub, ports.logging, ...(options.dev ? [ports.vite] : [])],
      '127.0.0.1',
    ));
  if (busy !== null) {
    throw new StartError(
      `Port ${busy} is already in use. Is another copy running? Pick other ports with PORT, e.g. ` +
        `PORT=${port + 1} npm start (the emulator uses PORT+1019 to PORT+1021, the dev server PORT+93).`,
    );
  }

  mkdirSync(dataDir, { recursive: true });

  // Another start in this checkout may be building right now: wait for it, then look again.
  await withBuildLock(path.join(rootDir, 'apps/web/.build-lock'), async () => {
    const build = webBuildStatus(rootDir);
    if (!build.stale) return;
    console.log(`Building the web app (${build.reason})…`);
    const code = await groups.run(names.build, ...npm(['run', 'build', '-w', 'apps/web']), {
      cwd: rootDir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (shuttingDown) return;
    if (code !== 0)
      throw new StartError(`The web build failed (exit code ${code}); see the errors above.`);
  });
  if (shuttingDown) return;

  const authUrl = `http://127.0.0.1:${ports.auth}/`;
  await startAuthEmulator(dataDir, ports, authUrl);
  if (shuttingDown) return;

  const serverOrigin = `http://${urlHost(probeHost)}:${port}`;
  const healthUrl = `${serverOrigin}/api/health`;
  groups.spawn(names.server, process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: rootDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      // The server refuses to guess its environment; this command is the local run.
      NODE_ENV: process.env.NODE_ENV || 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
      FIREBASE_API_KEY: 'demo-api-key',
      FIREBASE_AUTH_DOMAIN: `${EMULATOR_PROJECT_ID}.firebaseapp.com`,
    },
  });
  if (
    !(await waitForHttp(healthUrl, { timeoutMs: STARTUP_TIMEOUT_MS, giveUp: () => shuttingDown }))
  )
    return;

  let devUrl = null;
  if (options.dev) {
    devUrl = `http://127.0.0.1:${ports.vite}/`;
    groups.spawn(
      names.vite,
      ...npm([
        'run',
        'dev',
        '-w',
        'apps/web',
        '--',
        '--port',
        String(ports.vite),
        '--strictPort',
        '--host',
        '127.0.0.1',
      ]),
      {
        cwd: rootDir,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, API_ORIGIN: serverOrigin },
      },
    );
    if (!(await waitForHttp(devUrl, { timeoutMs: STARTUP_TIMEOUT_MS, giveUp: () => shuttingDown })))
      return;
  }

  const rows = [
    ['Site', browserUrl(options.host, port)],
    ...(devUrl ? [['Dev server (hot reload)', devUrl]] : []),
    ['API health', healthUrl],
    ['Auth emulator', authUrl],
    ['Data folder', dataDir],
  ];
  const width = Math.max(...rows.map(([label]) => label?.length ?? 0));
  console.log(
    `\n✔ Unban is running\n${rows.map(([label, value]) => `  ${label?.padEnd(width)}  ${value}`).join('\n')}\n` +
      `Press Ctrl-C to stop.\n`,
  );
}

/**
 * @param {string} dataDir
 * @param {{ auth: number, hub: number, logging: number }} ports
 * @param {string} authUrl
 */
async function startAuthEmulator(dataDir, ports, authUrl) {
  const files = prepareEmulatorFiles(dataDir, ports);
  // The emulator is chatty (and warns that it cannot reach Google); keep its output in a file and
  // show the end of it only when it fails. Appended, not truncated: a second copy started on the
  // same folder by mistake must not wipe the log of the one that owns it.
  diagnostics.set(
    names.emulator,
    () => `Its output (${files.logFile}):\n${tailOfLog(files.logFile)}`,
  );
  const log = openSync(files.logFile, 'a');
  writeSync(log, `\n--- ${new Date().toISOString()} pid ${process.pid}, auth port ${ports.auth}\n`);
  const { command, args } = emulatorCommand(rootDir, files);
  console.log(`Starting the Firebase Auth emulator on ${authUrl} …`);
  try {
    groups.spawn(names.emulator, command, args, {
      cwd: files.dir,
      stdio: ['ignore', log, log],
      env: { ...process.env, TMPDIR: files.tmpDir, NO_UPDATE_NOTIFIER: '1' },
    });
  } finally {
    closeSync(log); // the child has its own copy of the descriptor
  }
  try {
    await waitForHttp(authUrl, { timeoutMs: STARTUP_TIMEOUT_MS, giveUp: () => shuttingDown });
  } catch (error) {
    if (error instanceof WaitTimeoutError) {
      const output = diagnostics.get(names.emulator)?.() ?? '';
      throw new StartError(`The Firebase Auth emulator did not start: ${error.message}\n${output}`);
    }
    throw error;
  }
}

/**
 * Runs npm with the same npm that runs this script when there is one (`npm start`), otherwise the
 * npm on PATH.
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
function npm(args) {
  const npmCli = process.env.npm_execpath;
  if (npmCli && /npm-cli\.[cm]?js$/.test(path.basename(npmCli)))
    return [process.execPath, [npmCli, ...args]];
  return ['npm', args];
}

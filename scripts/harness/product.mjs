// @ts-check
// The product as `npm start` runs it, taken apart so a harness can kill the server alone:
// the Firebase Auth emulator started once (scripts/lib/auth-emulator.mjs, as start.mjs does)
// and the server started as start.mjs starts it (`node --import tsx apps/server/src/server.ts`
// with the same environment), each in its own process group, on ports the caller chooses.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBuildLock } from '../lib/build-lock.mjs';
import { webBuildStatus } from '../lib/web-build.mjs';
import { emulatorCommand, prepareEmulatorFiles, tailOfLog } from '../lib/auth-emulator.mjs';
import { EMULATOR_PROJECT_ID } from '../lib/start-options.mjs';
import { waitForHttp } from '../lib/wait-for-http.mjs';

export const rootDir = fileURLToPath(new URL('../..', import.meta.url));

/** Every group still running; a harness that is stopped (Ctrl-C) takes them down with it. */
const running = new Set();
process.once('exit', () => {
  for (const signalGroup of running) signalGroup('SIGKILL');
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.once(signal, () => process.exit(130));

/**
 * A child in its own process group, so a kill reaches everything it started.
 * @param {string} command @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions }} options
 */
function startGroup(command, args, options) {
  const child = spawn(command, args, { cwd: rootDir, detached: true, ...options });
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => {
    done = true;
    running.delete(signalGroup);
  });
  /** @param {NodeJS.Signals} signal */
  const signalGroup = (signal) => {
    if (done || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone between the check and the kill.
    }
  };
  running.add(signalGroup);
  return { child, exited, hasExited: () => done, signalGroup };
}

/**
 * Starts the Auth emulator for a harness run; its files live in `dataDir/emulator`.
 * @param {string} dataDir @param {number} authPort (hub and logging use the next two ports)
 */
export async function startAuthEmulator(dataDir, authPort) {
  const files = prepareEmulatorFiles(dataDir, {
    auth: authPort,
    hub: authPort + 1,
    logging: authPort + 2,
  });
  const log = openSync(files.logFile, 'a');
  const { command, args } = emulatorCommand(rootDir, files);
  const group = startGroup(command, args, {
    cwd: files.dir,
    stdio: ['ignore', log, log],
    env: { ...process.env, TMPDIR: files.tmpDir, NO_UPDATE_NOTIFIER: '1' },
  });
  closeSync(log);
  const ready = await waitForHttp(`http://127.0.0.1:${authPort}/`, {
    timeoutMs: 180_000,
    giveUp: group.hasExited,
  }).catch((error) => {
    group.signalGroup('SIGKILL');
    throw error;
  });
  if (!ready) throw new Error(`The Auth emulator stopped:\n${tailOfLog(files.logFile)}`);
  return {
    host: `127.0.0.1:${authPort}`,
    stop: async () => {
      group.signalGroup('SIGTERM');
      const timer = setTimeout(() => group.signalGroup('SIGKILL'), 10_000);
      await group.exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The server's environment as start.mjs gives it, plus the caller's settings.
 * @param {{ port: number, dataDir: string, emulatorHost: string, env?: Record<string, string> }} options
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv({ port, dataDir, emulatorHost, env = {} }) {
  /** @type {NodeJS.ProcessEnv} */
  const base = { ...process.env };
  // The developer's own settings must not leak into a harness run.
  for (const name of ['DATABASE_URL', 'CHAT_SITE_ID', 'CHAT_WIDGET_ID', 'SMTP_URL', 'TRUST_PROXY'])
    delete base[name];
  return {
    ...base,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: `${EMULATOR_PROJECT_ID}.firebaseapp.com`,
    ...env,
  };
}

/** The server refused to start because a killed predecessor's data-folder lock is not stale yet. */
const LOCK_TAKEN = /already using the data folder/;

/**
 * Starts the server and waits for `/api/health`. A server killed a moment ago leaves its
 * PGlite data-folder lock behind until it goes stale (documented: a few seconds); the new
 * one refuses to start until then, so that refusal is retried, nothing else.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ timeoutMs?: number }} [options]
 */
export async function startServer(env, { timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let stderr = '';
    const group = startGroup(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    group.child.stderr?.on('data', (chunk) => {
      stderr = (stderr + String(chunk)).slice(-20_000);
    });
    const ready = await waitForHttp(`http://127.0.0.1:${env.PORT}/api/health`, {
      timeoutMs: Math.max(deadline - Date.now(), 1_000),
      giveUp: group.hasExited,
    }).catch((error) => {
      group.signalGroup('SIGKILL');
      throw error;
    });
    if (ready) {
      return {
        pid: group.child.pid,
        exited: group.exited,
        stderr: () => stderr,
        kill: async () => {
          group.signalGroup('SIGKILL');
          await group.exited;
        },
        stop: async () => {
          group.signalGroup('SIGTERM');
          const timer = setTimeout(() => group.signalGroup('SIGKILL'), 20_000);
          const result = await group.exited;
          clearTimeout(timer);
          return result;
        },
      };
    }
    await group.exited;
    if (!LOCK_TAKEN.test(stderr) || Date.now() > deadline)
      throw new Error(`The server did not start:\n${stderr.slice(-4_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Builds the web app first when its sources changed, as `npm start` does (the server serves it). */
export async function ensureWebBuild() {
  await withBuildLock(path.join(rootDir, 'apps/web/.build-lock'), async () => {
    const build = webBuildStatus(rootDir);
    if (!build.stale) return;
    console.log(`Building the web app (${build.reason})…`);
    const child = spawn('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: rootDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`The web build failed (exit code ${code}).`);
  });
}

/**
 * Vitest global setup of the server project: one real Firebase Auth emulator for the whole
 * run, on free ports, so several runs (and the embedded server on 9099) can coexist.
 * Set FIREBASE_AUTH_EMULATOR_HOST (and FIREBASE_PROJECT_ID) to reuse a running emulator.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { AuthEmulator } from './auth-emulator';
import { freePorts } from './free-ports';

const PROJECT_ID = 'demo-unban-test';
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const START_ATTEMPTS = 3;

async function answers(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function delay(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

/** Signals the whole process group: the CLI and anything it started. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

interface RunningEmulator {
  host: string;
  stop(): Promise<void>;
}

async function startEmulator(workDir: string): Promise<RunningEmulator> {
  const [authPort, hubPort, loggingPort] = await freePorts(3);
  const firebaseJson = {
    emulators: {
      auth: { host: HOST, port: authPort },
      hub: { host: HOST, port: hubPort },
      logging: { host: HOST, port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(path.join(workDir, 'firebase.json'), JSON.stringify(firebaseJson));
  const logPath = path.join(workDir, 'emulator.log');
  const log = openSync(logPath, 'w');

  // The CLI's own entry point under this Node, not npx: the pid we hold is the emulator.
  const cli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The hub's locator file, the debug log and the CLI's settings stay in our own folder.
    TMPDIR: workDir,
    XDG_CONFIG_HOME: workDir,
    // No network: skip the message-of-the-day and update checks.
    CI: '1',
    NO_UPDATE_NOTIFIER: '1',
  };
  delete env['FIREBASE_AUTH_EMULATOR_HOST'];
  const child = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', 'auth', '--project', PROJECT_ID],
    { cwd: workDir, env, detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);

  // Interrupted (Ctrl-C), vitest exits without running teardowns: still leave nothing behind.
  // Only synchronous work is possible here.
  const killOnExit = (): void => {
    signalGroup(child, 'SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit);
    signalGroup(child, 'SIGTERM');
    if ((await Promise.race([exited(child), delay(STOP_TIMEOUT_MS)])) === 'timeout') {
      signalGroup(child, 'SIGKILL');
      await exited(child);
    }
  };

  const host = `${HOST}:${authPort}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(host))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      const tail = readFileSync(logPath, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(`The Firebase Auth emulator did not start; the end of its log:\n${tail}`);
    }
    await delay(100);
  }
  return { host, stop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const reused = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (reused) {
    if (!(await answers(reused))) {
      throw new Error(
        `FIREBASE_AUTH_EMULATOR_HOST=${reused} is set but no Auth emulator answers there.`,
      );
    }
    const emulator: AuthEmulator = {
      host: reused,
      projectId: process.env['FIREBASE_PROJECT_ID'] ?? PROJECT_ID,
    };
    project.provide('authEmulator', emulator);
    return async () => {};
  }

  const workDir = mkdtempSync(path.join(tmpdir(), 'unban-auth-emulator-'));
  let running: RunningEmulator | undefined;
  let lastError: unknown;
  // A free port can be taken between our check and the emulator's bind; try fresh ones.
  for (let attempt = 1; attempt <= START_ATTEMPTS && running === undefined; attempt += 1) {
    try {
      running = await startEmulator(workDir);
    } catch (error) {
      lastError = error;
    }
  }
  if (running === undefined) {
    rmSync(workDir, { recursive: true, force: true });
    throw lastError;
  }
  const emulator: AuthEmulator = { host: running.host, projectId: PROJECT_ID };
  project.provide('authEmulator', emulator);

  const { stop } = running;
  return async () => {
    await stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}

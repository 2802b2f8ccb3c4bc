import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@unban/contract/health';
import { lockDataDir } from './runtime/data-dir-lock';
import { freePorts } from './test/free-ports';

/*
 * The real entry point in child processes: start-up, the data-folder lock between two
 * servers, and a clean stop on SIGTERM. The ports are picked free at run time, so test runs
 * side by side on one machine do not collide.
 */

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

interface Started {
  exit: Promise<{ code: number | null; output: string }>;
  kill(signal: NodeJS.Signals): void;
}

const START_UP_MS = 60_000;

function startServer(
  env: Record<string, string>,
  base: Record<string, string> = { NODE_ENV: 'development' },
): Started {
  // Only what the test sets: the developer's DATABASE_URL etc. must not leak in.
  const child = spawn(process.execPath, ['--import', tsxLoader, serverEntry], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    exit: new Promise((resolve) => child.on('exit', (code) => resolve({ code, output }))),
    kill: (signal) => child.kill(signal),
  };
}

/**
 * The first answer of the health route. Start-up compiles the server with tsx, which on a
 * busy machine (a test run beside other CPU-heavy work) can take tens of seconds: wait up
 * to a minute, and say so at once, with the server's output, if it exits instead.
 */
async function waitForHealth(url: string, started: Started): Promise<Response> {
  let exited: { code: number | null; output: string } | undefined;
  void started.exit.then((result) => (exited = result));
  const deadline = Date.now() + START_UP_MS;
  while (Date.now() < deadline) {
    if (exited)
      throw new Error(`server exited (${exited.code}) before answering:\n${exited.output}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`server did not answer at ${url} within ${START_UP_MS / 1000} s`);
}

// Each test starts one or two servers, each allowed a minute on a busy machine.
describe('server start-up', { timeout: 3 * START_UP_MS }, () => {
  let dataDir: string;
  let port = '';
  let secondPort = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'unban-server-'));
    [port, secondPort] = (await freePorts(2)).map(String) as [string, string];
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses to start when another process holds the data folder', async () => {
    const release = await lockDataDir(dataDir);
    try {
      const { code, output } = await startServer({ PORT: port, DATA_DIR: dataDir }).exit;
      expect(code).toBe(1);
      expect(output).toContain(`Another server is already using the data folder ${dataDir}`);
    } finally {
      await release();
    }
  });

  it('stops with the list of configuration problems', async () => {
    const { code, output } = await startServer({ PORT: 'eighty', LOG_LEVEL: 'loud' }).exit;
    expect(code).toBe(1);
    expect(output).toContain('PORT: must be a whole number');
    expect(output).toContain('LOG_LEVEL: must be one of');
  });

  it('refuses to start without an explicit NODE_ENV, or in production without an https PUBLIC_URL', async () => {
    const unset = await startServer({ PORT: port, DATA_DIR: dataDir }, {}).exit;
    expect(unset.code).toBe(1);
    expect(unset.output).toContain('NODE_ENV: must be set');
    const production = await startServer({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_WEBHOOK_SECRET: 'a-secret-of-enough-length',
      PORT: port,
      DATA_DIR: dataDir,
    }).exit;
    expect(production.code).toBe(1);
    expect(production.output).toContain('PUBLIC_URL: must be set in production');
  });

  it(
    'serves, keeps a second server off its data folder, and stops cleanly on SIGTERM',
    async () => {
      const first = startServer({ PORT: port, DATA_DIR: dataDir });
      try {
        const response = await waitForHealth(`http://127.0.0.1:${port}/api/health`, first);
        expect(response.status).toBe(200);
        expect(healthResponseSchema.parse(await response.json())).toMatchObject({ status: 'ok' });

        const second = await startServer({ PORT: secondPort, DATA_DIR: dataDir }).exit;
        expect(second.code).toBe(1);
        expect(second.output).toContain('stop it or set DATA_DIR');
      } finally {
        first.kill('SIGTERM');
      }
      const { code } = await first.exit;
      expect(code).toBe(0);
      // The lock went with it: the folder can be taken again.
      const release = await lockDataDir(dataDir);
      await release();
      // Two start-ups, each allowed a minute on a busy machine.
    },
    3 * START_UP_MS,
  );
});

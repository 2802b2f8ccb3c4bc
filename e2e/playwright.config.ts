import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumAtNormalPriority } from '../scripts/chromium-at-normal-priority.mjs';
import { findChromium, missingChromiumMessage } from '../scripts/find-chromium.mjs';
import { chatServer, identityServer, noChatServer, serverOrigin } from './test-servers';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const chromium = findChromium();
if (!chromium) throw new Error(missingChromiumMessage());

/**
 * One folder per test run holding each server's DATA_DIR, so every run starts from an empty
 * database and never touches the developer's ./.data. Playwright loads this file in the runner
 * and again in every worker; the environment variable makes them all agree on one folder, and
 * only the process that created it removes it, once the servers have stopped (at its exit).
 */
const RUN_DIR_VARIABLE = 'UNBAN_E2E_RUN_DIR';
const runDir = process.env[RUN_DIR_VARIABLE] ?? createRunDir();

function createRunDir(): string {
  const created = mkdtempSync(path.join(os.tmpdir(), 'unban-e2e-'));
  process.env[RUN_DIR_VARIABLE] = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
  return created;
}

function webServer(name: string, port: number, extraEnv: Record<string, string>) {
  return {
    name,
    command: 'node scripts/start.mjs',
    cwd: repoRoot,
    url: `${serverOrigin(port)}/api/health`,
    env: {
      PORT: String(port),
      DATA_DIR: path.join(runDir, name),
      // The address the tests open, so the checkout's way back (built from PUBLIC_URL) lands on
      // the same origin, with the visitor's session, as a customer's does.
      PUBLIC_URL: serverOrigin(port),
      LOG_LEVEL: 'warn',
      // The tests load many pages quickly from one address.
      RATE_LIMIT_PER_MINUTE: '10000',
      // Long enough that a busy machine still shows "Processing" before "pay later" settles
      // (at the 2 s default, a slow page load could first render the page already Paid).
      SANDBOX_PAY_LATER_DELAY_MS: '15000',
      ...extraEnv,
    },
    reuseExistingServer: false,
    // A cold clone builds the web app first (about a minute on a small machine), then the
    // emulator starts (start.mjs waits up to 180 s for it on a busy machine).
    timeout: 360_000,
    // start.mjs runs the emulator and server in their own process groups: it must get SIGTERM and
    // the time to stop them, or they would outlive the test run.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

/** The specs that run against the second site identity's server, and only there. */
const identitySpecs = ['**/site-identity.spec.ts', '**/results-figures.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Flaky tests get fixed, not retried.
  retries: 0,
  workers: 2,
  // Generous: a journey crosses several pages and servers, and must pass on a shared 2-core
  // machine with another CPU-heavy process beside it. Speed is measured by `npm run bench`,
  // not here; a wrong page still fails, only later.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      // As root, Chromium would raise its own threads above the page and the servers.
      executablePath: chromiumAtNormalPriority(chromium.path, runDir),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chat',
      testIgnore: ['**/no-chat.spec.ts', ...identitySpecs],
      use: { baseURL: serverOrigin(chatServer.port) },
    },
    {
      name: 'no-chat',
      testMatch: '**/no-chat.spec.ts',
      use: { baseURL: serverOrigin(noChatServer.port) },
    },
    {
      name: 'identity',
      testMatch: identitySpecs,
      use: { baseURL: serverOrigin(identityServer.port) },
    },
  ],
  webServer: [
    webServer('chat', chatServer.port, {
      CHAT_HOST: chatServer.chat.host,
      CHAT_SITE_ID: chatServer.chat.siteId,
      CHAT_WIDGET_ID: chatServer.chat.widgetId,
      FIREBASE_MEASUREMENT_ID: chatServer.analytics.measurementId,
      FIREBASE_APP_ID: chatServer.analytics.appId,
      ANALYTICS_CONSENT_REQUIRED: 'true',
    }),
    // Empty counts as unset for the server; this overrides ids exported in the developer's shell
    // (no chat, no analytics here).
    webServer('no-chat', noChatServer.port, {
      CHAT_SITE_ID: '',
      CHAT_WIDGET_ID: '',
      FIREBASE_MEASUREMENT_ID: '',
    }),
    webServer('identity', identityServer.port, {
      CHAT_SITE_ID: '',
      CHAT_WIDGET_ID: '',
      FIREBASE_MEASUREMENT_ID: '',
      SITE_CONFIG_FILE: identityServer.siteConfigFile,
      RESULTS_MIN_SAMPLE: String(identityServer.resultsMinimumSample),
    }),
  ],
});

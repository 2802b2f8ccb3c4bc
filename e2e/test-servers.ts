import { fileURLToPath } from 'node:url';

/**
 * The three servers the end-to-end tests run, started exactly like `npm start`: one with live
 * chat configured, one without, and one with another site identity (SITE_CONFIG_FILE) and a
 * results sample small enough to reach. Ports stay clear of the 8080 default and of each other's emulator ports (PORT+1019 to PORT+1021).
 * `E2E_BASE_PORT` moves all three (100 apart), so two checkouts on one machine can run their
 * suites at the same time.
 */
const basePort = Number(process.env.E2E_BASE_PORT ?? 8190);

export const CHAT_HOST = 'https://embed.tawk.to';

export const chatServer = {
  port: basePort,
  chat: { host: CHAT_HOST, siteId: 'test-site', widgetId: 'test-widget' },
  // Analytics is configured here (consent required, the default); Google's hosts are stubbed
  // per test (e2e/support/analytics-stubs.ts) and blocked everywhere else.
  analytics: { measurementId: 'G-TEST12345', appId: '1:1234567890:web:abcdef' },
} as const;

export const noChatServer = { port: basePort + 100 } as const;

/** "Unban your Telegram", with its own brand, prices and legal entity (docs/decisions/023). */
export const identityServer = {
  port: basePort + 200,
  siteConfigFile: fileURLToPath(new URL('./support/telegram-identity.json', import.meta.url)),
  // Low enough that results-figures.spec.ts reaches it with two cases of its own.
  resultsMinimumSample: 2,
} as const;

export function serverOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

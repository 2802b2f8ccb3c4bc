import { test as base, expect } from '@playwright/test';
import type { BrowserContext, ConsoleMessage, Page, Request, Route } from '@playwright/test';
import { CHAT_HOST } from './test-servers';

/** What the page did on the network during one test. */
export interface NetworkLog {
  /** Requests for the chat provider's embed script, answered with a stub. */
  chatRequests: string[];
  /** Every other request that would have left the machine; aborted. */
  blocked: string[];
  /** Every JavaScript file the page asked for, in order. */
  scripts: string[];
}

export interface ConsoleLog {
  messages: ConsoleMessage[];
  /** console.error calls and uncaught exceptions, as text. */
  problems: string[];
}

export interface Fixtures {
  network: NetworkLog;
  consoleLog: ConsoleLog;
  /**
   * console.error messages a test provokes on purpose (matched against the text). Anything else
   * logged as an error fails the test.
   */
  allowedConsoleErrors: RegExp[];
  /** What the browser's issues panel (DevTools "Issues") reported during the test. */
  browserIssues: string[];
  /** Issues a test provokes on purpose (matched against the issue's description). */
  allowedBrowserIssues: RegExp[];
}

/**
 * Stands in for the chat provider's script: it counts its own runs so a test can tell that the
 * page executed it once.
 */
export const CHAT_STUB_SCRIPT = 'window.__chatStubRuns = (window.__chatStubRuns || 0) + 1;';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** One line naming an issue: its kind and what it is about. */
function describeIssue(issue: { code: string; details: object }): string {
  return `${issue.code}: ${JSON.stringify(issue.details)}`;
}

/**
 * Collects what the browser's issues panel (DevTools "Issues": CSP violations, cookie problems,
 * form fields without a label or name, deprecated APIs, mixed content...) reports on every page
 * of `context`, but for the `allowed` ones. Audits.enable replays the issues found before it,
 * so a page is watched from its first request.
 */
export async function watchBrowserIssues(
  context: BrowserContext,
  allowed: readonly RegExp[] = [],
): Promise<string[]> {
  const issues: string[] = [];
  const watch = async (page: Page) => {
    const session = await context.newCDPSession(page);
    session.on('Audits.issueAdded', ({ issue }) => {
      const description = describeIssue(issue);
      if (!allowed.some((pattern) => pattern.test(description))) {
        issues.push(`${description} (on ${page.url()})`);
      }
    });
    await session.send('Audits.enable');
  };
  context.on('page', (page) => void watch(page).catch(() => undefined));
  await Promise.all(context.pages().map(watch));
  return issues;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  allowedBrowserIssues: [[], { option: true }],

  // Auto: the issues panel must stay empty on every screen a test opens.
  browserIssues: [
    async ({ context, allowedBrowserIssues }, use) => {
      const issues = await watchBrowserIssues(context, allowedBrowserIssues);
      await use(issues);
      expect(issues, "issues in the browser's issues panel").toEqual([]);
    },
    { auto: true },
  ],

  // Auto: every test gets the guards, whether or not it names them. On the context rather than
  // the page, so a test's own page.route (e.g. one that delays a chunk) runs first and can hand
  // the request on with route.fallback().
  network: [
    async ({ context }, use) => {
      const log: NetworkLog = { chatRequests: [], blocked: [], scripts: [] };
      context.on('request', (request: Request) => {
        if (request.resourceType() === 'script') log.scripts.push(request.url());
      });
      await context.route('**/*', (route: Route) => {
        const url = new URL(route.request().url());
        if (url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname)) {
          return route.fallback();
        }
        if (url.origin === CHAT_HOST) {
          log.chatRequests.push(url.href);
          return route.fulfill({
            status: 200,
            contentType: 'text/javascript',
            body: CHAT_STUB_SCRIPT,
          });
        }
        log.blocked.push(url.href);
        return route.abort('blockedbyclient');
      });
      await use(log);
      expect(log.blocked, 'requests to hosts outside this machine').toEqual([]);
    },
    { auto: true },
  ],

  consoleLog: [
    async ({ context, allowedConsoleErrors }, use) => {
      const log: ConsoleLog = { messages: [], problems: [] };
      context.on('console', (message) => {
        log.messages.push(message);
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) {
          const where = message.location().url;
          log.problems.push(`console.error: ${text}${where ? ` (${where})` : ''}`);
        }
      });
      context.on('weberror', (webError) => {
        const error = webError.error();
        log.problems.push(`uncaught ${error.name}: ${error.message}`);
      });
      await use(log);
      expect(log.problems, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the browser console has shown `text` (as any message type). */
export async function waitForConsoleMessage(log: ConsoleLog, text: string): Promise<void> {
  await expect
    .poll(() => log.messages.some((message) => message.text() === text), {
      message: `console message "${text}"`,
    })
    .toBe(true);
}

/** Moves within the single-page app, the way a link does, without reloading the page. */
export async function goToHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await page.waitForURL((url) => url.hash === hash);
}

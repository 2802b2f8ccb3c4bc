import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { caseStateInfo } from '@unban/contract/case-states';
import type { CaseState } from '@unban/contract/case-states';
import type { CreateRequestResponse } from '@unban/contract/requests';
import { CHAT_STUB_SCRIPT, goToHash, watchBrowserIssues } from '../fixtures';
import { CHAT_HOST } from '../test-servers';
import { SEEDED_OPERATOR, authEmulatorOf, waitForSeededOperator } from './auth-emulator';
import { PaymentStatus, SandboxCheckout } from './request-journey';
import { sendRequestForm } from './request-form';
import { SignInScreen } from './sign-in-screen';

/*
 * The two sides of a case, each in its own browser: the customer who orders and follows the
 * case page (#/requests/:id), and the operator who works it in the back office (#/admin).
 * Elements are found by role, label and visible text, as people find them.
 */

/**
 * A new guest orders and pays at the sandbox checkout; returns the paid request. `price` is
 * what the checkout must show, when the server's site identity charges another amount.
 */
export async function orderAndPay(
  page: Page,
  options: { price?: string } = {},
): Promise<CreateRequestResponse> {
  await page.goto('/#/');
  const { created } = await sendRequestForm(page, options);
  await new SandboxCheckout(page).choose('Pay');
  await new PaymentStatus(page).expectState(created.reference, 'paid');
  return created;
}

/** The customer's own case page. */
export class CustomerCase {
  constructor(
    readonly page: Page,
    readonly request: CreateRequestResponse,
  ) {}

  async open(): Promise<void> {
    await goToHash(this.page, `#/requests/${this.request.id}`);
    await expect(this.heading).toBeVisible();
  }

  /**
   * Loads the page again. The page polls every 20 s by itself; a reload shows an operator's
   * finished move at once, as it would to a customer who comes back to the page.
   */
  async reload(): Promise<void> {
    await this.page.reload();
    await expect(this.heading).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', {
      level: 1,
      name: `Request ${this.request.reference}`,
    });
  }

  get currentStatus(): Locator {
    return this.page.getByRole('region', { name: 'Current status' });
  }

  async expectState(state: CaseState): Promise<void> {
    await expect(
      this.currentStatus.getByText(caseStateInfo[state].label, { exact: true }),
    ).toBeVisible();
  }

  get needsInfoBanner(): Locator {
    return this.page.getByRole('region', { name: 'Action needed: we need more information' });
  }

  get payment(): Locator {
    return this.page.getByRole('region', { name: 'Payment' });
  }

  get timelineEntries(): Locator {
    return this.page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  }

  async reply(message: string): Promise<void> {
    await this.needsInfoBanner.getByLabel('Your reply').fill(message);
    await this.needsInfoBanner.getByRole('button', { name: 'Send reply' }).click();
    await expect(
      this.page.getByText('Thank you, your reply was sent. The operator continues with your case.'),
    ).toBeVisible();
  }
}

/** The back office, as the seeded operator uses it. */
export class OperatorDesk {
  constructor(readonly page: Page) {}

  /** Signs in (by default with the operator account the embedded run seeds) to the queue. */
  async signIn(request: APIRequestContext, account = SEEDED_OPERATOR): Promise<void> {
    if (account === SEEDED_OPERATOR) {
      await waitForSeededOperator(request, await authEmulatorOf(request));
    }
    await this.page.goto('/#/');
    const signIn = new SignInScreen(this.page);
    await signIn.open('/admin');
    await signIn.signIn(account.email, account.password);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible();
  }

  /** From a case view back to the queue, by the breadcrumb an operator uses. */
  async backToQueue(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Queue' })
      .click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible();
  }

  /** Finds the case by its reference in the queue's search and opens it. */
  async openCase(reference: string): Promise<void> {
    const search = this.page.getByRole('search', { name: 'Filter the queue' });
    await search.getByRole('searchbox', { name: 'Search' }).fill(reference);
    await search.getByRole('button', { name: 'Apply' }).click();
    // Until the filtered answer arrives the table still lists the earlier filters' cases; the
    // caption counts the rows of the answer on screen.
    await expect(this.page.getByRole('table', { name: 'Requests (1 shown)' })).toBeVisible();
    await this.queueRow(reference).getByRole('link', { name: reference }).click();
    await expect(this.caseHeading(reference)).toBeVisible();
  }

  queueRow(reference: string): Locator {
    return this.page.getByRole('table').getByRole('row').filter({ hasText: reference });
  }

  caseHeading(reference: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `Case ${reference}` });
  }

  /** The line of badges under the heading: the case state, then the payment state. */
  stateLine(reference: string): Locator {
    return this.caseHeading(reference).locator('xpath=following-sibling::p[1]');
  }

  async expectState(reference: string, state: CaseState): Promise<void> {
    await expect(this.stateLine(reference)).toHaveText(
      new RegExp(`^${caseStateInfo[state].label}\\s`),
    );
  }

  get moveForm(): Locator {
    return this.page.getByRole('form', { name: 'Move the case' });
  }

  /**
   * Moves the case with the form's own choices (the states the server allows next) and waits
   * for the screen to show where the case stands after the move: `to`, unless the server
   * moved it on by itself (a refund it completed at once, for instance).
   */
  async move(
    reference: string,
    to: CaseState,
    options: { message?: string; shows?: CaseState } = {},
  ): Promise<void> {
    const choice = to === 'needs_info' ? 'Ask for information' : caseStateInfo[to].label;
    await this.moveForm.getByLabel('New state').selectOption({ label: choice });
    if (options.message !== undefined) {
      const label =
        to === 'needs_info' ? 'Question for the customer (required)' : 'Message to the customer';
      await this.moveForm.getByLabel(label).fill(options.message);
    }
    await this.moveForm.getByRole('button', { name: 'Move the case' }).click();
    await this.expectState(reference, options.shows ?? to);
  }

  /** The appeal workbench's draft form on the case view. */
  get appealForm(): Locator {
    return this.page.getByRole('form', { name: 'Draft an appeal' });
  }

  /** Picks the channel whose name starts with `name` (its address follows in the option). */
  async chooseAppealChannel(name: string): Promise<void> {
    // By role: a select's accessible name ends with its chosen option's text.
    const select = this.appealForm.getByRole('combobox', { name: /^Channel/ });
    const value = await select
      .getByRole('option', { name: new RegExp(`^${name}`) })
      .getAttribute('value');
    if (value === null) throw new Error(`no ${name} channel in the appeal form`);
    await select.selectOption(value);
  }

  /**
   * Records, in the appeal workbench, that the appeal was submitted through the web form
   * (its draft as it is): what must precede "appeal submitted", which it moves the case to.
   */
  async recordAppeal(reference: string, options: { submittedAt?: string } = {}): Promise<void> {
    await this.chooseAppealChannel('Web form');
    if (options.submittedAt !== undefined) {
      await this.appealForm.getByLabel('Submitted at (empty: now)').fill(options.submittedAt);
    }
    await this.appealForm.getByRole('button', { name: /^Record the / }).click();
    await this.expectState(reference, 'appeal_submitted');
  }

  async reloadCase(reference: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Reload' }).click();
    await expect(this.caseHeading(reference)).toBeVisible();
  }

  get timeline(): Locator {
    return this.page.getByRole('region', { name: 'Timeline' });
  }

  async openMailbox(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Mailbox' })
      .click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
  }

  /** The messages sent with this subject (the mailbox shows "<reference>: <subject>"). */
  mails(reference: string, subject: string): Locator {
    return this.page
      .getByRole('region', { name: 'Recent messages' })
      .getByRole('listitem')
      .filter({ hasText: `${reference}: ${subject}` });
  }

  /**
   * Waits until the mailbox lists one message for each subject. The outbox worker sends every
   * 2 s, so the list is refreshed until the last one has arrived.
   */
  async expectMails(reference: string, subjects: readonly string[]): Promise<void> {
    await expect(async () => {
      await this.page.getByRole('button', { name: 'Refresh' }).click();
      for (const subject of subjects) {
        await expect(this.mails(reference, subject), subject).toHaveCount(1, { timeout: 500 });
      }
    }).toPass({ timeout: 15_000 });
  }
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * What the test fixtures do for the test's own context, for a second one (the operator's):
 * requests stay on this machine (the chat provider's script is answered with a stub, others
 * are aborted) and every browser error and issues-panel report is collected, for the test to
 * expect none.
 */
export async function guardSecondContext(context: BrowserContext): Promise<{ problems: string[] }> {
  const problems: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname)) {
      return route.fallback();
    }
    if (url.origin === CHAT_HOST) {
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: CHAT_STUB_SCRIPT });
    }
    problems.push(`request to a host outside this machine: ${url.href}`);
    return route.abort('blockedbyclient');
  });
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  context.on('weberror', (webError) => {
    problems.push(`uncaught ${webError.error().name}: ${webError.error().message}`);
  });
  // A live array: the issues panel's reports land in it as the operator's pages produce them.
  const issues = await watchBrowserIssues(context);
  return {
    get problems() {
      return [...problems, ...issues.map((issue) => `browser issue: ${issue}`)];
    },
  };
}

/**
 * The operator's browser beside the customer's (same server), signed in to the back office;
 * `close()` expects no problem in it (guardSecondContext).
 */
export async function operatorSession(browser: Browser, customerPage: Page) {
  const context = await browser.newContext({ baseURL: new URL(customerPage.url()).origin });
  const guard = await guardSecondContext(context);
  const desk = new OperatorDesk(await context.newPage());
  await desk.signIn(context.request);
  return {
    desk,
    close: async () => {
      await context.close();
      expect(guard.problems, "problems in the operator's browser").toEqual([]);
    },
  };
}

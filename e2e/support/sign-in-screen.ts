import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { goToHash } from '../fixtures';

/** The sign-in screen (#/sign-in) as a visitor sees it: sections found by their headings. */
export class SignInScreen {
  constructor(readonly page: Page) {}

  /**
   * Opens the screen on its way to `next` (the Terms page by default, which loads nothing
   * else), so a sign-in ends on a page that does not depend on other features.
   */
  async open(next = '/terms'): Promise<void> {
    await goToHash(this.page, `#/sign-in?${new URLSearchParams({ next }).toString()}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  }

  get passwordSection(): Locator {
    return this.page.getByRole('region', { name: 'E-mail and password' });
  }

  get emailLinkSection(): Locator {
    return this.page.getByRole('region', { name: 'Get a sign-in link by e-mail' });
  }

  /** The screen's alert region, where provider errors are explained. */
  get alert(): Locator {
    return this.page.getByRole('main').getByRole('alert');
  }

  private async fillPassword(email: string, password: string): Promise<void> {
    await this.passwordSection.getByLabel('E-mail').fill(email);
    await this.passwordSection.getByLabel('Password').fill(password);
  }

  async createAccount(email: string, password: string): Promise<void> {
    await this.fillPassword(email, password);
    await this.passwordSection.getByRole('button', { name: 'Create account' }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.fillPassword(email, password);
    await this.passwordSection.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async requestEmailLink(email: string): Promise<void> {
    await this.emailLinkSection.getByLabel('E-mail').fill(email);
    await this.emailLinkSection.getByRole('button', { name: 'Send me a sign-in link' }).click();
  }
}

/** The header's account button: "Guest", the e-mail, or absent when signed out. */
export function accountButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Account: / });
}

export async function signOutFromAccountMenu(page: Page): Promise<void> {
  await accountButton(page).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }),
  ).toBeVisible();
}

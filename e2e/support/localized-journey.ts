import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { localeBasePath, localeDirection } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { formatPrice, planPriceFor } from '@unban/contract/plans';
import type { Price } from '@unban/contract/plans';
import type { PaymentState } from '@unban/contract/payment-states';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { sandboxWords } from '../../apps/server/src/payments/providers/sandbox-words';
import type { SandboxOutcome } from '../../apps/server/src/payments/providers/sandbox';
import { webText } from './locale-words';
import type { WebMessageId } from './locale-words';
import { definitionOf } from './request-journey';

/*
 * The order → pay → payment-status journey in any of the site's languages, found by the
 * words of that language's catalog (request-journey.ts is the same journey in English,
 * with its own English words, which a spec there reads as the customer does).
 */

/** The plan every localized journey orders (the default site's Standard). */
export const LOCALIZED_PLAN = defaultSiteIdentity.plans.standard;

/** What the order costs in `locale`: the plan's price in that language's currency. */
export function orderPrice(locale: SupportedLocale): Price {
  return planPriceFor(LOCALIZED_PLAN, locale, defaultSiteIdentity.localeCurrencies);
}

/** `<html lang dir>` as the language's documents must have them. */
export async function expectDocumentLanguage(page: Page, locale: SupportedLocale): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', locale);
  await expect(html).toHaveAttribute('dir', localeDirection(locale));
}

/** The order form (`#/request`) in `locale`. */
export class LocalizedOrderForm {
  constructor(
    readonly page: Page,
    readonly locale: SupportedLocale,
  ) {}

  private words(id: WebMessageId, values?: Record<string, string | number>): string {
    return webText(this.locale, id, values);
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: this.words('request.heading') });
  }

  get submitButton(): Locator {
    return this.form.getByRole('button', { name: this.words('request.submit') });
  }

  /** The line above the button that says what will be charged. */
  get total(): Locator {
    const price = formatPrice(orderPrice(this.locale), this.locale);
    return this.form.getByText(
      this.words('request.total', { price, plan: this.words('plans.standard.name') }),
    );
  }

  /**
   * Fills the form with valid answers (a German mobile number, the Standard plan), finding
   * every field by its label in the form's language. The ban message is one the app shows
   * in English, which the form quotes as the app writes it.
   */
  async fill({ usage, email }: { usage: string; email: string }): Promise<void> {
    const form = this.form;
    const label = (id: WebMessageId) => form.getByLabel(this.words(id), { exact: true });
    await label('request.number.country').selectOption('DE');
    await label('request.number.phone').fill('01512 3456789');
    await form.getByRole('radio', { name: this.words('accountType.personal') }).check();
    await form.getByRole('radio', { name: this.words('device.android') }).check();
    await label('request.ban.message').selectOption(
      'This account is not allowed to use WhatsApp due to spam',
    );
    await label('request.ban.when').selectOption({ label: this.words('bannedAt.this_week') });
    await label('request.ban.usage').fill(usage);
    await label('request.contact.email').fill(email);
    const price = formatPrice(orderPrice(this.locale), this.locale);
    await form
      .getByRole('radio', { name: `${this.words('plans.standard.name')} ${price}`, exact: true })
      .check();
    await form.getByRole('checkbox', { name: this.words('request.confirm.owns') }).check();
    await form.getByRole('checkbox', { name: this.words('request.confirm.accept') }).check();
  }
}

/**
 * The sandbox provider's hosted checkout in `locale`: it stands in for Stripe Checkout, which
 * speaks the customer's language, in the words of the server's sandbox page.
 */
export class LocalizedCheckout {
  constructor(
    readonly page: Page,
    readonly locale: SupportedLocale,
  ) {}

  private get words() {
    return sandboxWords[this.locale];
  }

  /** On the checkout of `reference`, in the language, asking for the order's price. */
  async expectOrder(reference: string): Promise<void> {
    const amount = formatPrice(orderPrice(this.locale), this.locale);
    await expect(
      this.page.getByRole('heading', { level: 1, name: this.words.heading }),
    ).toBeVisible();
    expect(new URL(this.page.url()).pathname).toMatch(/^\/sandbox\/checkout\//);
    await expectDocumentLanguage(this.page, this.locale);
    const main = this.page.getByRole('main');
    await expect(definitionOf(main, this.words.order)).toHaveText(reference);
    await expect(definitionOf(main, this.words.total)).toHaveText(amount);
    await expect(this.page).toHaveTitle(`${this.words.payTitle(amount)} – ${this.words.heading}`);
  }

  async choose(outcome: SandboxOutcome): Promise<void> {
    const { label } = this.words.buttons[outcome];
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }
}

/** The payment-status screen in `locale`, where the checkout sends the customer back. */
export class LocalizedPaymentStatus {
  constructor(
    readonly page: Page,
    readonly locale: SupportedLocale,
  ) {}

  private words(id: WebMessageId): string {
    return webText(this.locale, id);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', {
      level: 1,
      name: this.words('pages.paymentStatus.title'),
    });
  }

  /**
   * On this order's status, in this language's document, showing `state` in its words. The
   * checkout returns to the language's server-rendered document (`/es/payment-status?…`),
   * which the app moves into its hash route (`/es/#/payment-status?…`) once it runs: this
   * waits for that, so the screen is the app's and stays as it is for what follows.
   */
  async expectState(reference: string, state: PaymentState): Promise<void> {
    const base = localeBasePath(this.locale);
    await expect(this.page).toHaveURL(
      (url) => url.pathname === base && url.hash.startsWith('#/payment-status?'),
    );
    const query = new URLSearchParams(new URL(this.page.url()).hash.split('?')[1] ?? '');
    expect(query.get('order')).toBe(reference);
    await expect(this.heading).toBeVisible();
    const main = this.page.getByRole('main');
    await expect(
      main.getByText(this.words(`paymentState.${state}.label`), { exact: true }),
    ).toBeVisible();
    await expect(main.getByText(this.words(`paymentState.${state}.meaning`))).toBeVisible();
  }

  get receipt(): Locator {
    return this.page.getByRole('region', { name: this.words('payment.receipt') });
  }

  /** The value beside `term` in the receipt (its term and value share one row). */
  receiptValue(term: WebMessageId): Locator {
    return definitionOf(this.receipt, this.words(term));
  }

  receiptTerm(term: WebMessageId): Locator {
    return this.receipt.getByRole('term').filter({ hasText: this.words(term) });
  }
}

import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { localeNames, localePagePath } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { maskPhone } from '@unban/contract/phone';
import { formatPrice } from '@unban/contract/plans';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { emailText } from '../apps/server/src/jobs/email-text';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/accessibility';
import { receivedMails } from './support/dev-mailbox';
import {
  LocalizedCheckout,
  LocalizedOrderForm,
  LocalizedPaymentStatus,
  expectDocumentLanguage,
  orderPrice,
} from './support/localized-journey';
import { webText } from './support/locale-words';
import type { WebMessageId } from './support/locale-words';
import { CreateRequestCalls, JOURNEY_PHONE } from './support/request-journey';

/*
 * Issue 15, done when: a customer orders and pays in Spanish and in Arabic from end to end.
 * They come to the English home, switch language in the shell's footer, order on the form in
 * their language (labels found by the catalog's words), see the price and currency they will
 * be charged, pay at the sandbox checkout, read the payment status in their language (Arabic
 * laid out right to left), and receive the e-mails in it. Every screen a customer reads on
 * the way is scanned for WCAG 2.1 A/AA problems; English's home and form are too.
 */

/** The home's consent banner: on the test server analytics needs consent, asked once the app runs. */
function consentBanner(page: Page, locale: SupportedLocale): Locator {
  return page.getByRole('region', { name: webText(locale, 'consent.label') });
}

/** Where `first` sits beside `second` on one row: which one is further right. */
async function rightmost(first: Locator, second: Locator): Promise<'first' | 'second'> {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
  if (!a || !b) throw new Error('both elements must be on screen');
  // Side by side, not overlapping: one ends before the other begins.
  expect(a.x + a.width <= b.x || b.x + b.width <= a.x, 'side by side').toBe(true);
  return a.x > b.x ? 'first' : 'second';
}

test('the English home and order form pass the accessibility scan', async ({ page }) => {
  await page.goto('/');
  await expectDocumentLanguage(page, 'en');
  // The banner appears once the app runs: the scan sees the page as a first-time visitor does.
  await expect(consentBanner(page, 'en')).toBeVisible();
  await expectAccessible(page, 'English home');

  await page
    .getByRole('region', { name: webText('en', 'site.title') })
    .getByRole('link', { name: webText('en', 'home.cta') })
    .click();
  const order = new LocalizedOrderForm(page, 'en');
  await expect(order.form).toBeVisible();
  await order.fill({ usage: 'Family and friends', email: `guest-${randomUUID()}@example.test` });
  await expect(order.total).toBeVisible();
  await expectAccessible(page, 'English order form');
});

const journeys: readonly { locale: SupportedLocale; usage: string }[] = [
  { locale: 'es', usage: 'Familia y amigos' },
  { locale: 'ar', usage: 'العائلة والأصدقاء' },
];

for (const { locale, usage } of journeys) {
  const language = localeNames[locale];

  test(`a customer switches to ${language}, orders, pays and reads it all in ${language}`, async ({
    page,
  }) => {
    const words = (id: WebMessageId) => webText(locale, id);
    const price = orderPrice(locale);
    const shownPrice = formatPrice(price, locale);

    // The English home, then the language from the shell's footer, once the app runs (the
    // banner says so), so the switcher also remembers the choice.
    await page.goto('/');
    await expect(consentBanner(page, 'en')).toBeVisible();
    await page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: webText('en', 'shell.language') })
      .getByRole('link', { name: language })
      .click();
    await expect(page).toHaveURL(localePagePath(locale, '/'));
    await expectDocumentLanguage(page, locale);
    await expect(page.getByRole('heading', { level: 1, name: words('site.title') })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('unban:locale'))).toBe(locale);
    await expect(consentBanner(page, locale)).toBeVisible();
    await expectAccessible(page, `${language} home`);
    await consentBanner(page, locale)
      .getByRole('button', { name: words('consent.decline') })
      .click();
    await expect(consentBanner(page, locale)).toHaveCount(0);

    // The order form, in the language, with the price and currency that will be charged.
    const calls = await CreateRequestCalls.watch(page);
    await page
      .getByRole('region', { name: words('site.title') })
      .getByRole('link', { name: words('home.cta') })
      .click();
    const order = new LocalizedOrderForm(page, locale);
    await expect(
      page.getByRole('heading', { level: 1, name: words('request.heading') }),
    ).toBeVisible();
    await expectDocumentLanguage(page, locale);
    const email = `${locale}-customer-${randomUUID()}@example.test`;
    await order.fill({ usage, email });
    // The line above the button: the price and its currency as the language writes them
    // (Spanish and Arabic are charged in US dollars, "49,00 US$").
    await expect(order.total).toBeVisible();
    await expect(order.total).toContainText('US$');
    await expectAccessible(page, `${language} order form`);

    await order.submitButton.click();
    const created = await calls.answer(1);
    const checkout = new LocalizedCheckout(page, locale);
    await checkout.expectOrder(created.reference);
    await checkout.choose('pay');

    // Back on the payment status, in the language's document, paid.
    const status = new LocalizedPaymentStatus(page, locale);
    await status.expectState(created.reference, 'paid');
    await expectDocumentLanguage(page, locale);
    await expect(status.receiptValue('payment.reference')).toHaveText(created.reference);
    await expect(status.receiptValue('payment.amountPaid')).toHaveText(shownPrice);
    await expect(status.receiptValue('payment.phone')).toHaveText(maskPhone(JOURNEY_PHONE));
    // The receipt's rows read from the language's side: the term first, the value after it.
    expect(
      await rightmost(
        status.receiptTerm('payment.amountPaid'),
        status.receiptValue('payment.amountPaid'),
      ),
    ).toBe(locale === 'ar' ? 'first' : 'second');
    await expectAccessible(page, `${language} payment status`);

    // The e-mails, in the language: the request received, then the receipt.
    const mail = emailText(locale);
    const subject = (template: 'request_received' | 'payment_received') =>
      `${created.reference}: ${mail.t(`${template}.subject`)}`;
    const [received, receipt] = await receivedMails(
      page.request,
      { requestId: created.id, to: email },
      [subject('request_received'), subject('payment_received')],
    );
    expect(received?.text).toContain(
      mail.t('request_received.intro', { app: defaultSiteIdentity.appName }),
    );
    expect(receipt?.text).toContain(mail.t('payment_received.intro'));
    expect(receipt?.text).toContain(`${mail.t('label.status')}: ${mail.t('state.queued.label')}`);
    expect(receipt?.text).toContain(mail.money(price.amountMinor, price.currency));
    expect(receipt?.text).toContain(`${localePagePath(locale, '/')}#/requests/${created.id}`);
    expect(receipt?.html).toContain(
      locale === 'ar' ? '<html lang="ar" dir="rtl">' : `<html lang="${locale}">`,
    );
  });
}

import { supportedLocales, localeBasePath } from '@unban/contract/locale-tags';
import { expect, test } from './fixtures';

/*
 * Issue 15: every language is a document of its own (`/es/`, `/ar/`, ...) with its hash
 * routes inside, the right `<html lang dir>`, alternates for crawlers, a switcher in the shell
 * that keeps the screen and remembers the choice, and an offer (never a redirect) of the
 * visitor's own language.
 */

test('the Portuguese document is served in Portuguese, with its offer, plans and FAQ in the HTML', async ({
  request,
}) => {
  const response = await request.get('/pt-br/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<html[^>]* lang="pt-BR" dir="ltr"/);
  expect(html).toContain('<title>Desbanir seu WhatsApp</title>');
  expect(html).toContain('Um preço fixo');
  expect(html).toContain('Padrão');
  expect(html).toContain('Perguntas frequentes');
  expect(html).toContain('Vocês vão pedir meu código de verificação ou PIN?');
  for (const locale of supportedLocales) {
    expect(html).toContain(`hreflang="${locale}"`);
  }
  expect(html).toContain('hreflang="x-default"');

  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const locale of supportedLocales) {
    expect(sitemap).toContain(`${localeBasePath(locale)}</loc>`);
  }
  expect(sitemap).toContain('/es/terms</loc>');
});

test('Spanish is left to right and Arabic right to left, laid out from the right', async ({
  page,
}) => {
  await page.goto('/es/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Recupera tu WhatsApp' })).toBeVisible();

  await page.goto('/ar/#/request');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'أخبرنا عن الحظر' })).toBeVisible();
  // A label's words start at the right edge of its field's column, as Arabic reads.
  const input = page.getByRole('textbox', { name: 'البريد الإلكتروني' });
  const inputBox = await input.boundingBox();
  const words = await page.getByText('البريد الإلكتروني', { exact: true }).evaluate((label) => {
    const range = document.createRange();
    range.selectNodeContents(label);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });
  expect(inputBox).toBeTruthy();
  if (inputBox) {
    expect(Math.abs(words.right - (inputBox.x + inputBox.width))).toBeLessThan(2);
    expect(words.left).toBeGreaterThan(inputBox.x + inputBox.width / 2);
  }
  // The loading bar starts at the right and runs leftwards.
  const bar = await page.evaluate(() => {
    const outer = document.createElement('div');
    outer.className = 'loading-bar';
    const inner = document.createElement('div');
    inner.className = 'loading-bar__indicator';
    outer.append(inner);
    document.body.append(outer);
    const name = getComputedStyle(inner).animationName;
    // Where it starts, before the animation moves it.
    inner.style.animation = 'none';
    const result = {
      name,
      outerRight: outer.getBoundingClientRect().right,
      innerRight: inner.getBoundingClientRect().right,
    };
    outer.remove();
    return result;
  });
  expect(Math.abs(bar.innerRight - bar.outerRight)).toBeLessThan(1);
  expect(bar.name).toBe('loading-bar-slide-rtl');
});

test('the shell switches to the same screen in another language and remembers the choice', async ({
  page,
}) => {
  await page.goto('/es/#/request');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cuéntanos sobre el bloqueo' }),
  ).toBeVisible();
  const languages = page.getByRole('navigation', { name: 'Idioma' });
  await languages.getByRole('link', { name: 'Português (Brasil)' }).click();
  await expect(page).toHaveURL(/\/pt-br\/#\/request$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Conte sobre o banimento' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('unban:locale'))).toBe('pt-BR');

  // Back on the English home, the remembered choice is offered, not imposed.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const offer = page.getByRole('complementary', { name: 'Este site também está em português.' });
  await expect(offer.getByRole('link', { name: 'Ver em português' })).toHaveAttribute(
    'href',
    '/pt-br/',
  );
});

test.describe('a visitor whose browser prefers Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('is offered Spanish on the English home, without a redirect, and can say no', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    const offer = page.getByRole('complementary', { name: 'Este sitio también está en español.' });
    await expect(offer.getByRole('link', { name: 'Verlo en español' })).toHaveAttribute(
      'href',
      '/es/',
    );
    await offer.getByRole('button', { name: 'No, gracias' }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' }),
    ).toBeVisible();
    // The app starts on first use; once it runs, the dismissed offer stays away.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(
      page.getByRole('complementary', { name: 'Este sitio también está en español.' }),
    ).toHaveCount(0);
  });
});

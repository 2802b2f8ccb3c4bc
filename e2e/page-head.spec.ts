import { defaultSiteIdentity, metaDescription, pageTitle } from '@unban/contract/site-config';
import { expect, test } from './fixtures';

const claims = Object.values(defaultSiteIdentity.claims);

/** The value of `<meta name="description">` in raw HTML, entities decoded. */
function metaDescriptionOf(html: string): string | null {
  const tag = /<meta\s[^>]*name="description"[^>]*>/i.exec(html)?.[0];
  const content = tag ? /content="([^"]*)"/i.exec(tag)?.[1] : undefined;
  if (content === undefined) return null;
  return content
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

test('the served HTML carries the title and the four claims, for crawlers that run no script', async ({
  request,
}) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();

  expect(html).toContain(`<title>${pageTitle(defaultSiteIdentity)}</title>`);
  expect(pageTitle(defaultSiteIdentity)).toBe('Unban your WhatsApp');
  const description = metaDescriptionOf(html);
  expect(description).toBe(metaDescription(defaultSiteIdentity));
  for (const claim of claims) expect(description).toContain(claim);
});

test('the home page shows the title in the tab and the claims on the page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Unban your WhatsApp');
  await expect(page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' })).toBeVisible();
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  for (const claim of claims) expect(description).toContain(claim);

  const promise = page.getByRole('list', { name: 'Our promise' });
  for (const claim of claims) await expect(promise.getByText(claim)).toBeVisible();
});

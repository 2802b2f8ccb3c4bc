import { formatMoney, planList } from '@unban/contract/plans';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { expect, test } from './fixtures';

const legalPages = [
  { path: '/terms', title: 'Terms of service' },
  { path: '/privacy', title: 'Privacy policy' },
  { path: '/refunds', title: 'Refund policy' },
] as const;

/** The text of an HTML document with tags and comments removed, entities as they are. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

test('the served home document holds the offer, the plans with their prices and the FAQ', async ({
  request,
}) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const text = textOf(html);
  expect(text).toContain('Start your unban request');
  for (const plan of planList(defaultSiteIdentity.plans)) {
    expect(text).toContain(plan.name);
    expect(text).toContain(formatMoney(plan.priceMinor, plan.currency));
  }
  expect(text).toContain('Will you ask for my verification code or PIN?');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/" \/>/);
  expect(html).toContain('<meta property="og:image" content="http://127.0.0.1:');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');

  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const data = JSON.parse(jsonLd ?? '[]') as { '@type': string; offers?: { price: string }[] }[];
  expect(data.map((entry) => entry['@type'])).toEqual(['Organization', 'Service', 'FAQPage']);
  expect(data[1]?.offers?.map((offer) => offer.price)).toEqual(
    planList(defaultSiteIdentity.plans).map((plan) => (plan.priceMinor / 100).toFixed(2)),
  );
});

for (const { path, title } of legalPages) {
  test(`${path} is its own crawlable document, and #${path} still works`, async ({
    request,
    page,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain(`<title>${title} · Unban your WhatsApp</title>`);
    expect(html).toContain(`/${path.slice(1)}" />`);

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Unban your WhatsApp`);

    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
}

test('on a legal document the app starts on first use, keeps the page and moves into the hash routes', async ({
  page,
}) => {
  await page.goto('/terms');
  const heading = page.getByRole('heading', { level: 1, name: 'Terms of service' });
  await expect(heading).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Refund policy' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible();
  await expect(page).toHaveURL(/\/#\/refunds$/);
  await page.goBack();
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/\/#\/terms$/);
});

test('robots.txt, sitemap.xml and the web app manifest are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/', '/terms', '/privacy', '/refunds']) {
    expect(sitemap).toMatch(new RegExp(`<loc>http://127\\.0\\.0\\.1:\\d+${path}</loc>`));
  }

  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    icons: { src: string }[];
  };
  for (const icon of manifest.icons) {
    expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  }
  expect((await request.get('/og-image.png')).headers()['content-type']).toBe('image/png');
});

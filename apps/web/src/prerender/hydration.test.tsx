import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_IDENTITY_ELEMENT_ID, defaultSiteIdentity } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { parseSiteIdentity } from '@unban/contract/site-identity';
import { prerenderedPages } from './pages';
import { renderAppHtml, renderDocument } from './render-page';
import { startAppInTest, stopStartedApp } from '../test/started-app';

const identity = defaultSiteIdentity;

function telegramIdentity(): SiteIdentity {
  const parsed = parseSiteIdentity({
    brand: 'Unban Telegram Desk',
    appName: 'Telegram',
    appOwner: 'Telegram FZ-LLC',
    legalEntity: { name: 'Unban Telegram Ltd', address: '1 Example Street, London' },
    plans: { standard: { priceMinor: 3900 }, priority: { priceMinor: 7900 } },
  });
  if (!parsed.success) throw new Error(parsed.problems.join('\n'));
  return parsed.identity;
}

// React's development build checks every attribute and text during hydration and reports a
// difference through console.error, which fails any test here (fail-on-console-error).

afterEach(() => {
  stopStartedApp();
  document.getElementById(SITE_IDENTITY_ELEMENT_ID)?.remove();
  vi.restoreAllMocks();
});

describe.each(prerenderedPages.map((page) => page.path))('the prerendered %s', (path) => {
  it('hydrates in place: same nodes, no mismatch', async () => {
    const html = await renderAppHtml(path, identity);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const heading = container.querySelector('h1');
    expect(heading).not.toBeNull();

    window.location.hash = path === '/' ? '' : `#${path}`;
    await startAppInTest({ container, hydratePath: path, currentRoute: () => path });

    expect(container.querySelector('h1')).toBe(heading);
    // Links are written as the hash router writes them, so hydration keeps them.
    const links = [...container.querySelectorAll('a[href^="#/"]')];
    expect(links.length).toBeGreaterThan(0);
  });
});

describe('another site identity', () => {
  it('is rendered by the server and hydrated from the document it carries, without a mismatch', async () => {
    const telegram = telegramIdentity();
    const html = await renderAppHtml('/', telegram);
    expect(html).toContain('Unban your Telegram');
    expect(html).toContain('$39.00');
    expect(html).toContain('$79.00');
    expect(html).not.toContain('WhatsApp');
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SITE_IDENTITY_ELEMENT_ID;
    block.textContent = JSON.stringify(telegram);
    document.head.append(block);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const heading = container.querySelector('h1');

    await startAppInTest({ container, hydratePath: '/', currentRoute: () => '/' });

    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe('Unban your Telegram');
  });

  it('names its legal entity on the legal pages', async () => {
    const html = await renderAppHtml('/terms', telegramIdentity());
    expect(html).toContain(
      'Unban Telegram Desk is operated by Unban Telegram Ltd, 1 Example Street, London.',
    );
    expect(await renderAppHtml('/terms', identity)).not.toContain('is operated by');
  });
});

describe('the prerendered ban check', () => {
  it('keeps an answer picked before the app started, and asks what follows from it', async () => {
    const container = document.createElement('div');
    container.innerHTML = await renderAppHtml('/ban-check', identity);
    document.body.append(container);
    const lostPhone = container.querySelector<HTMLInputElement>(
      'input[name="situation"][value="lost_phone"]',
    );
    const banQuestion = () => container.querySelector('input[name="message"]')?.closest('div');
    expect(banQuestion()?.hidden).toBe(false);
    lostPhone?.click();

    window.location.hash = '#/ban-check';
    await startAppInTest({
      container,
      hydratePath: '/ban-check',
      currentRoute: () => '/ban-check',
    });

    expect(lostPhone?.checked).toBe(true);
    await vi.waitFor(() => expect(banQuestion()?.hidden).toBe(true));
  });
});

describe('renderDocument', () => {
  const template =
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Old</title>\n    <meta name="description" content="old" />\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

  it('puts the page head, its route and the screen into the served index.html', async () => {
    const html = await renderDocument(template, '/terms', 'https://site.example/', identity);
    expect(html).toContain('<html lang="en" dir="ltr" data-page="/terms">');
    expect(html).toContain('<title>Terms of service · Unban your WhatsApp</title>');
    expect(html).not.toContain('<title>Old</title>');
    expect(html).toContain('<link rel="canonical" href="https://site.example/terms" />');
    expect(html).toMatch(/<div id="root"><div class="shell">[\s\S]*<h1>Terms of service<\/h1>/);
    expect(html).not.toContain('application/ld+json');
  });

  it('refuses a template without an empty root and a path that is not prerendered', async () => {
    await expect(
      renderDocument(
        template.replace('<div id="root"></div>', ''),
        '/',
        'https://s.example',
        identity,
      ),
    ).rejects.toThrow(/root/);
    await expect(
      renderDocument(template, '/request', 'https://s.example', identity),
    ).rejects.toThrow(/not a prerendered page/);
  });
});

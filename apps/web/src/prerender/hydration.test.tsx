import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prerenderedPages } from './pages';
import { renderAppHtml, renderDocument } from './render-page';

// React's development build checks every attribute and text during hydration and reports a
// difference through console.error, which fails any test here (fail-on-console-error).

// Unmounted before the next test (and before jsdom goes away): React's scheduler would
// otherwise still run hydration work after the environment is torn down.
let mounted: Root | undefined;

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.replaceChildren();
  window.location.hash = '';
  vi.restoreAllMocks();
});

describe.each(prerenderedPages.map((page) => page.path))('the prerendered %s', (path) => {
  it('hydrates in place: same nodes, no mismatch', async () => {
    const html = await renderAppHtml(path);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const heading = container.querySelector('h1');
    expect(heading).not.toBeNull();

    window.location.hash = path === '/' ? '' : `#${path}`;
    const { startApp } = await import('../boot/start-app');
    mounted = await startApp({ container, hydratePath: path, currentRoute: () => path });

    expect(container.querySelector('h1')).toBe(heading);
    // Links are written as the hash router writes them, so hydration keeps them.
    const links = [...container.querySelectorAll('a[href^="#/"]')];
    expect(links.length).toBeGreaterThan(0);
  });
});

describe('the prerendered ban check', () => {
  it('keeps an answer picked before the app started, and asks what follows from it', async () => {
    const container = document.createElement('div');
    container.innerHTML = await renderAppHtml('/ban-check');
    document.body.append(container);
    const lostPhone = container.querySelector<HTMLInputElement>(
      'input[name="situation"][value="lost_phone"]',
    );
    const banQuestion = () => container.querySelector('input[name="message"]')?.closest('div');
    expect(banQuestion()?.hidden).toBe(false);
    lostPhone?.click();

    window.location.hash = '#/ban-check';
    const { startApp } = await import('../boot/start-app');
    mounted = await startApp({
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
    const html = await renderDocument(template, '/terms', 'https://site.example/');
    expect(html).toContain('<html lang="en" data-page="/terms">');
    expect(html).toContain('<title>Terms of service · Unban your WhatsApp</title>');
    expect(html).not.toContain('<title>Old</title>');
    expect(html).toContain('<link rel="canonical" href="https://site.example/terms" />');
    expect(html).toMatch(/<div id="root"><div class="shell">[\s\S]*<h1>Terms of service<\/h1>/);
    expect(html).not.toContain('application/ld+json');
  });

  it('refuses a template without an empty root and a path that is not prerendered', async () => {
    await expect(
      renderDocument(template.replace('<div id="root"></div>', ''), '/', 'https://s.example'),
    ).rejects.toThrow(/root/);
    await expect(renderDocument(template, '/request', 'https://s.example')).rejects.toThrow(
      /not a prerendered page/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { clientConfigSchema, defaultClientConfig } from '@unban/contract/client-config';
import type { ClientConfig } from '@unban/contract/client-config';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { injectClientConfig, injectSiteIdentity, serializeClientConfig } from './index-html';

const page = (block: string) =>
  `<!doctype html><html><head><title>Unban your WhatsApp</title>${block}</head><body><div id="root"></div></body></html>`;

const config: ClientConfig = {
  ...defaultClientConfig,
  chat: {
    host: 'https://embed.tawk.to',
    siteId: '</script><script>alert(1)</script>',
    widgetId: '$&$1',
  },
};

function readBlock(html: string): unknown {
  const match = /<script type="application\/json" id="client-config">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match?.[1]) throw new Error('no config block');
  return JSON.parse(match[1]);
}

describe('injectClientConfig', () => {
  it('replaces the content of the config block and keeps the rest of the page', () => {
    const source = page(
      '<script type="application/json" id="client-config">{"chat":null}</script>',
    );
    const { html, replaced } = injectClientConfig(source, config);
    expect(replaced).toBe(true);
    expect(clientConfigSchema.parse(readBlock(html))).toEqual(config);
    expect(html.startsWith('<!doctype html><html><head><title>Unban your WhatsApp</title>')).toBe(
      true,
    );
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });

  it('cannot be broken out of: no "<" from the values reaches the HTML', () => {
    const { html } = injectClientConfig(
      page('<script type="application/json" id="client-config"></script>'),
      config,
    );
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>');
  });

  it('keeps replacement patterns in values literal', () => {
    const { html } = injectClientConfig(
      page('<script type="application/json" id="client-config">{}</script>'),
      config,
    );
    expect(readBlock(html)).toMatchObject({ chat: { widgetId: '$&$1' } });
  });

  it('adds the block at the end of <head> when the page has none', () => {
    const { html, replaced } = injectClientConfig(page(''), defaultClientConfig);
    expect(replaced).toBe(false);
    expect(html).toContain(
      `<script type="application/json" id="client-config">${serializeClientConfig(defaultClientConfig)}</script></head>`,
    );
  });
});

describe('injectSiteIdentity', () => {
  const built = `<!doctype html><html><head><title>Unban your WhatsApp</title>\n<meta name="description" content="Banned on WhatsApp? …" /></head><body><div id="root"></div></body></html>`;
  const identity: SiteIdentity = {
    ...defaultSiteIdentity,
    brand: 'Unban </script> Desk',
    appName: 'Telegram & Co',
  };

  it('carries the identity as a JSON block the browser reads back, and cannot be broken out of', () => {
    const html = injectSiteIdentity(built, identity);
    const match = /<script type="application\/json" id="site-identity">([\s\S]*?)<\/script>/.exec(
      html,
    );
    expect(match?.[1]).not.toContain('<');
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual(identity);
  });

  it("writes the identity's title and meta description over the build's", () => {
    const html = injectSiteIdentity(built, identity);
    expect(html).toContain('<title>Unban your Telegram &amp; Co</title>');
    expect(html).toContain('<meta name="description" content="Banned on Telegram &amp; Co? We get');
    // The head before the data block (whose plans keep their default texts) names no WhatsApp.
    expect(html.split('<script')[0]).not.toContain('WhatsApp');
  });
});

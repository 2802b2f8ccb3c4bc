import { describe, expect, it } from 'vitest';
import { clientConfigSchema, defaultClientConfig } from '@unban/contract/client-config';
import type { ClientConfig } from '@unban/contract/client-config';
import { injectClientConfig, serializeClientConfig } from './index-html';

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

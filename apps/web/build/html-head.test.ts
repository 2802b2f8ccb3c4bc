// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultClientConfig } from '@unban/contract/client-config';
import type { ClientConfig } from '@unban/contract/client-config';
import { defaultSiteIdentity, metaDescription, pageTitle } from '@unban/contract/site-config';
import { escapeHtml } from '@unban/contract/escape-html';
import { injectHead } from './html-head';

const template = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

const configBlock = /<script type="application\/json" id="client-config">(.*)<\/script>/;

describe('injectHead', () => {
  it('writes the title, the meta description and the client-config block into index.html', () => {
    const html = injectHead(template, {
      title: pageTitle(defaultSiteIdentity),
      description: metaDescription(defaultSiteIdentity),
      clientConfig: defaultClientConfig,
    });

    expect(html).toContain('<title>Unban your WhatsApp</title>');
    expect(html).toContain(
      `<meta name="description" content="${escapeHtml(metaDescription(defaultSiteIdentity))}" />`,
    );
    expect(JSON.parse(configBlock.exec(html)?.[1] ?? 'null')).toEqual(defaultClientConfig);
    expect(html).not.toContain('app-head');
    expect(html.match(/id="client-config"/g)).toHaveLength(1);
  });

  it('escapes HTML in the text and `<` in the JSON so nothing can end an element early', () => {
    const clientConfig: ClientConfig = {
      ...defaultClientConfig,
      chat: { host: 'https://chat.example', siteId: '</script><b>', widgetId: 'w$&' },
    };
    const html = injectHead('<head><!-- app-head --></head>', {
      title: 'A & B <i>',
      description: 'Say "hi" & <b>bye</b>',
      clientConfig,
    });

    expect(html).toContain('<title>A &amp; B &lt;i&gt;</title>');
    expect(html).toContain('content="Say &quot;hi&quot; &amp; &lt;b&gt;bye&lt;/b&gt;"');
    expect(html).not.toContain('</script><b>');
    const json = configBlock.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(clientConfig);
  });

  it('refuses a template without the marker', () => {
    expect(() =>
      injectHead('<head></head>', {
        title: 't',
        description: 'd',
        clientConfig: defaultClientConfig,
      }),
    ).toThrow(/app-head/);
  });
});

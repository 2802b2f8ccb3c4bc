import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script that runs, and nothing else', () => {
    const check = "\n      (function () { document.documentElement.classList.add('x'); })();\n    ";
    const html = `<head>
      <script>${check}</script>
      <script type="application/json" id="client-config">{"chat":null}</script>
      <script type="application/ld+json">{"@type":"Organization"}</script>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <script type="module">import './x.js';</script>
    </head>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(check), sha256("import './x.js';")]);
  });

  it('gives nothing for a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><body><div id="root"></div></body></html>')).toEqual([]);
  });
});

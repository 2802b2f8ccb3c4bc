import { CLIENT_CONFIG_ELEMENT_ID } from '@unban/contract/client-config';
import type { ClientConfig } from '@unban/contract/client-config';
import { escapeHtml } from '@unban/contract/escape-html';
import { SITE_IDENTITY_ELEMENT_ID, metaDescription, pageTitle } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';

/**
 * JSON for an inline data block. `<` is escaped so a value can never close the script
 * element (`</script>`) or open a comment; JSON.parse reads `\u003c` back as `<`.
 */
export function serializeClientConfig(config: ClientConfig): string {
  return JSON.stringify(config).replace(/</g, '\\u003c');
}

const CONFIG_BLOCK = new RegExp(
  `(<script\\b[^>]*\\bid=["']${CLIENT_CONFIG_ELEMENT_ID}["'][^>]*>)[\\s\\S]*?(</script>)`,
  'i',
);

export interface InjectedHtml {
  html: string;
  /** false: the page had no config block and one was added at the end of <head>. */
  replaced: boolean;
}

/** Writes the runtime client configuration into the built index.html. */
export function injectClientConfig(html: string, config: ClientConfig): InjectedHtml {
  const json = serializeClientConfig(config);
  if (CONFIG_BLOCK.test(html)) {
    // A replacer function, because `$&`-style patterns in the JSON must stay literal.
    return {
      html: html.replace(
        CONFIG_BLOCK,
        (_match, open: string, close: string) => open + json + close,
      ),
      replaced: true,
    };
  }
  const block = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
  const headEnd = html.search(/<\/head>/i);
  return {
    html: headEnd === -1 ? block + html : html.slice(0, headEnd) + block + html.slice(headEnd),
    replaced: false,
  };
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/i;

/**
 * Writes the site identity into index.html (docs/decisions/023): as a JSON data block the
 * browser reads when the app starts (`<script type="application/json" id="site-identity">`,
 * never executed, so the Content-Security-Policy needs nothing for it), and as the title and
 * meta description, which the build wrote for the default identity. Prerendered pages then
 * replace the head with their own.
 */
export function injectSiteIdentity(html: string, identity: SiteIdentity): string {
  const block = `<script type="application/json" id="${SITE_IDENTITY_ELEMENT_ID}">${JSON.stringify(identity).replace(/</g, '\\u003c')}</script>`;
  const withHead = html
    .replace(TITLE, () => `<title>${escapeHtml(pageTitle(identity))}</title>`)
    .replace(
      DESCRIPTION,
      () => `<meta name="description" content="${escapeHtml(metaDescription(identity))}" />`,
    );
  const headEnd = withHead.search(/<\/head>/i);
  return headEnd === -1
    ? block + withHead
    : withHead.slice(0, headEnd) + block + withHead.slice(headEnd);
}

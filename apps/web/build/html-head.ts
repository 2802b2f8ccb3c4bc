import type { ClientConfig } from '../../../packages/contract/src/client-config';
import { CLIENT_CONFIG_ELEMENT_ID } from '../../../packages/contract/src/client-config';
import { escapeHtml } from '../../../packages/contract/src/escape-html';

/** The comment in index.html that the head elements replace. */
const HEAD_MARKER = /<!--\s*app-head\b[\s\S]*?-->/;

export interface HeadContent {
  title: string;
  description: string;
  clientConfig: ClientConfig;
}

/**
 * JSON that is safe inside a `<script>` element: escaping `<` means no `</script>` or `<!--`
 * in a value can end the block early. It is the same escaping the server uses when it
 * rewrites the block at start, and JSON.parse turns `\u003c` back into `<`.
 */
export function serializeClientConfig(config: ClientConfig): string {
  return JSON.stringify(config).replaceAll('<', '\\u003c');
}

/**
 * One line per element, and the client-config block exactly as
 * `<script type="application/json" id="client-config">{…}</script>`, because the server
 * finds and rewrites that block at start.
 */
export function renderHead({ title, description, clientConfig }: HeadContent): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${serializeClientConfig(clientConfig)}</script>`,
  ].join('\n    ');
}

/** Replaces the app-head marker; a template without it is a build error, not a silent miss. */
export function injectHead(html: string, content: HeadContent): string {
  if (!HEAD_MARKER.test(html)) {
    throw new Error('index.html has no <!-- app-head --> marker to write the page head into');
  }
  // A function replacement, so `$` in the content is never read as a replacement pattern.
  return html.replace(HEAD_MARKER, () => renderHead(content));
}

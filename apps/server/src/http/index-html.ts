import { CLIENT_CONFIG_ELEMENT_ID } from '@unban/contract/client-config';
import type { ClientConfig } from '@unban/contract/client-config';

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

import type { Plugin } from 'vite';
// The build scripts reach the contract by relative path, not '@unban/contract': Vite bundles
// vite.config.ts with esbuild and leaves every bare import to Node, which cannot load the
// contract's .ts sources. Relative imports are bundled and so compiled.
import {
  defaultSiteIdentity,
  metaDescription,
  pageTitle,
} from '../../../packages/contract/src/site-config';
import type { ClientConfig } from '../../../packages/contract/src/client-config';
import {
  clientConfigSchema,
  defaultClientConfig,
} from '../../../packages/contract/src/client-config';
import { clientConfigFromEnv } from './client-config-env';
import { injectHead } from './html-head';

export interface HtmlHeadPluginOptions {
  /** VITE_* variables, used for the configuration baked into a build. */
  env: Record<string, string | undefined>;
  /** Where the dev server asks for the live configuration (`GET /api/client-config`). */
  apiOrigin: string;
}

const DEV_CONFIG_TIMEOUT_MS = 1500;

/**
 * Writes the page title, the meta description and the client-config block into index.html.
 * They are in the HTML itself (not set by script) so that crawlers, link previews and the
 * first paint see them, and so the server can rewrite the configuration without a rebuild.
 */
export function htmlHeadPlugin({ env, apiOrigin }: HtmlHeadPluginOptions): Plugin {
  let buildConfig: ClientConfig | undefined;
  let warn: (message: string) => void = (message) => console.warn(message);

  return {
    name: 'unban:html-head',
    configResolved(config) {
      warn = (message) => config.logger.warn(message);
      // Validated once, at start, so a bad VITE_* value fails the build before any work.
      if (config.command === 'build') buildConfig = clientConfigFromEnv(env);
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        // context.server is set only under `vite serve`: there the API server owns the config.
        const clientConfig =
          context.server !== undefined
            ? await fetchDevClientConfig(apiOrigin, warn)
            : (buildConfig ?? clientConfigFromEnv(env));
        return injectHead(html, {
          // The default identity's; the server rewrites both for its own (docs/decisions/023).
          title: pageTitle(defaultSiteIdentity),
          description: metaDescription(defaultSiteIdentity),
          clientConfig,
        });
      },
    },
  };
}

/** The running API's configuration, or the default when it is not up or answers nonsense. */
export async function fetchDevClientConfig(
  apiOrigin: string,
  warn: (message: string) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<ClientConfig> {
  const url = `${apiOrigin.replace(/\/+$/, '')}/api/client-config`;
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(DEV_CONFIG_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return clientConfigSchema.parse(await response.json());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    warn(`[html-head] ${url} unavailable (${reason}); using the default client configuration`);
    return defaultClientConfig;
  }
}

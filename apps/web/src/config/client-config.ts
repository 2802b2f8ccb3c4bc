import type { ClientConfig } from '@unban/contract/client-config';
import {
  CLIENT_CONFIG_ELEMENT_ID,
  clientConfigSchema,
  defaultClientConfig,
} from '@unban/contract/client-config';

/**
 * Reads the `<script type="application/json" id="client-config">` block that the build writes
 * and the server rewrites at start. Anything missing or invalid gives the default (no chat, no
 * Firebase), so a bad deployment setting turns features off instead of breaking the page.
 */
export function readClientConfig(doc: Document): ClientConfig {
  const element = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) {
    console.warn('Client configuration block is missing; using the defaults');
    return defaultClientConfig;
  }
  let data: unknown;
  try {
    data = JSON.parse(element.textContent);
  } catch {
    console.warn('Client configuration block is not valid JSON; using the defaults');
    return defaultClientConfig;
  }
  const parsed = clientConfigSchema.safeParse(data);
  if (!parsed.success) {
    console.warn('Client configuration is invalid; using the defaults', parsed.error.issues);
    return defaultClientConfig;
  }
  return parsed.data;
}

let cached: ClientConfig | undefined;

/** The page's client configuration, read on first use (never at import) and then memoised. */
export function getClientConfig(): ClientConfig {
  cached ??= readClientConfig(document);
  return cached;
}

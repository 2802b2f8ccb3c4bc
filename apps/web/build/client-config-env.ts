import { siteConfig } from '../../../packages/contract/src/site-config';
import type { ClientConfig } from '../../../packages/contract/src/client-config';
import {
  clientConfigSchema,
  defaultClientConfig,
} from '../../../packages/contract/src/client-config';

/**
 * The client configuration baked into a build. The server rewrites it at start, so this
 * only matters when dist/ is put on a plain static host: there the VITE_* variables play the
 * part of the server's CHAT_* / FIREBASE_* variables, with the same rules (chat needs both
 * ids, Firebase needs api key + auth domain + project id).
 */
export function clientConfigFromEnv(env: Record<string, string | undefined>): ClientConfig {
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };

  const siteId = value('VITE_CHAT_SITE_ID');
  const widgetId = value('VITE_CHAT_WIDGET_ID');
  const apiKey = value('VITE_FIREBASE_API_KEY');
  const authDomain = value('VITE_FIREBASE_AUTH_DOMAIN');
  const projectId = value('VITE_FIREBASE_PROJECT_ID');
  const consent = value('VITE_ANALYTICS_CONSENT_REQUIRED');
  const measurementId = value('VITE_FIREBASE_MEASUREMENT_ID');

  const candidate = {
    chat:
      siteId && widgetId
        ? { host: value('VITE_CHAT_HOST') ?? siteConfig.chat.defaultHost, siteId, widgetId }
        : defaultClientConfig.chat,
    firebase:
      apiKey && authDomain && projectId
        ? {
            apiKey,
            authDomain,
            projectId,
            storageBucket: value('VITE_FIREBASE_STORAGE_BUCKET') ?? '',
            messagingSenderId: value('VITE_FIREBASE_MESSAGING_SENDER_ID') ?? '',
            appId: value('VITE_FIREBASE_APP_ID') ?? '',
            ...(measurementId ? { measurementId } : {}),
          }
        : defaultClientConfig.firebase,
    authEmulatorUrl: value('VITE_AUTH_EMULATOR_URL') ?? defaultClientConfig.authEmulatorUrl,
    analyticsConsentRequired:
      consent === undefined
        ? defaultClientConfig.analyticsConsentRequired
        : parseBoolean('VITE_ANALYTICS_CONSENT_REQUIRED', consent),
  };

  const parsed = clientConfigSchema.safeParse(candidate);
  if (!parsed.success) {
    // A build that would ship a broken configuration stops here, naming what is wrong.
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid VITE_* client configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

function parseBoolean(name: string, raw: string): boolean {
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new Error(
    `Invalid VITE_* client configuration:\n  ${name}: expected true or false, got "${raw}"`,
  );
}

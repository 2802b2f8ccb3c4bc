import type { ClientConfig } from '@unban/contract/client-config';
import type { AppConfig } from './env';

/** The browser's share of the configuration: only public values, never secrets. */
export function buildClientConfig(config: AppConfig): ClientConfig {
  return {
    chat: config.chat,
    firebase: config.firebase.web,
    authEmulatorUrl: config.firebase.authEmulatorHost
      ? `http://${config.firebase.authEmulatorHost}`
      : null,
    analyticsConsentRequired: config.analyticsConsentRequired,
  };
}

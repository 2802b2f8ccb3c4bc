import type { ClientConfig, FirebaseWebConfig } from '@unban/contract/client-config';
import { CLIENT_CONFIG_ELEMENT_ID, defaultClientConfig } from '@unban/contract/client-config';

/** A Firebase web configuration with analytics, as a deployment would set it. */
export const testFirebaseConfig: FirebaseWebConfig = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-unban.firebaseapp.com',
  projectId: 'demo-unban',
  storageBucket: '',
  messagingSenderId: '',
  appId: '1:123:web:abc',
  measurementId: 'G-TEST1234',
};

/**
 * Writes the runtime configuration block the server puts into index.html. Tests then reload
 * the modules under test (vi.resetModules) so they read it as on a fresh page load.
 */
export function writeClientConfig(config: Partial<ClientConfig>): void {
  removeClientConfig();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CLIENT_CONFIG_ELEMENT_ID;
  block.textContent = JSON.stringify({ ...defaultClientConfig, ...config });
  document.head.append(block);
}

export function removeClientConfig(): void {
  document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.remove();
}

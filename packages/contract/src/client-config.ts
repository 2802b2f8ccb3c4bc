import { z } from 'zod';

/**
 * Deployment settings the browser needs at run time. The server writes them into
 * index.html as a JSON data block (`<script type="application/json" id="client-config">`),
 * so one build serves every environment and no extra request delays the first paint.
 */
export const chatConfigSchema = z.object({
  host: z.url(),
  siteId: z.string().min(1),
  widgetId: z.string().min(1),
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

/** The seven fields of the Firebase web configuration (SPEC section 3). */
export const firebaseWebConfigSchema = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  storageBucket: z.string(),
  messagingSenderId: z.string(),
  appId: z.string(),
  measurementId: z.string().optional(),
});
export type FirebaseWebConfig = z.infer<typeof firebaseWebConfigSchema>;

export const clientConfigSchema = z.object({
  /** null: live chat not configured, nothing is loaded. */
  chat: chatConfigSchema.nullable(),
  firebase: firebaseWebConfigSchema.nullable(),
  /** Set in the embedded run and tests: the browser talks to the Auth emulator. */
  authEmulatorUrl: z.url().nullable(),
  /** Show the analytics consent banner (off where consent is not required). */
  analyticsConsentRequired: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const CLIENT_CONFIG_ELEMENT_ID = 'client-config';

export const defaultClientConfig: ClientConfig = {
  chat: null,
  firebase: null,
  authEmulatorUrl: null,
  analyticsConsentRequired: true,
};

export function chatEmbedUrl(chat: ChatConfig): string {
  return `${chat.host.replace(/\/+$/, '')}/${encodeURIComponent(chat.siteId)}/${encodeURIComponent(chat.widgetId)}`;
}

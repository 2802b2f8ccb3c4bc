import { z } from 'zod';

/**
 * `GET /api/chat/identity`: who the signed-in customer is, for the live-chat widget, so
 * support sees the case at once. `hash` is the provider's secure-mode signature of the e-mail
 * (HMAC-SHA256 with the server's secret key), null when secure mode is not configured.
 */
export const chatIdentitySchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  reference: z.string().nullable(),
  hash: z.string().nullable(),
});
export type ChatIdentity = z.infer<typeof chatIdentitySchema>;

import { z } from 'zod';

/**
 * `POST /api/webhooks/{stripe,sandbox}`: the payment provider's events. The body is the
 * provider's signed event, read as raw bytes (the signature covers them exactly).
 */
export const webhookAckSchema = z.object({
  received: z.literal(true),
  /**
   * processed: acted on; duplicate: this event was processed before; ignored: not a type we
   * act on, or about a session that is not ours (stored and acknowledged).
   */
  outcome: z.enum(['processed', 'duplicate', 'ignored']),
});
export type WebhookAck = z.infer<typeof webhookAckSchema>;

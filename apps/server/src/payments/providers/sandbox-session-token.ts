import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { localeSchema } from '@unban/contract/locales';

/**
 * What the sandbox's hosted page needs to know about a session: the order, the price and
 * where to send the customer afterwards. Stripe keeps this on its side; the sandbox keeps
 * no table of its own, so it signs it into the checkout address instead. The signature
 * (HMAC-SHA256 with the sandbox secret) means the amount shown and, above all, the return
 * addresses cannot be changed by whoever holds the link (no open redirect), and any server
 * instance can read it back.
 */
export const sandboxSessionInfoSchema = z.object({
  sessionId: z.string(),
  paymentId: z.string(),
  reference: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  productName: z.string(),
  /** The customer's language, for the page's words; absent in links from before it: English. */
  locale: localeSchema.optional(),
  successUrl: z.url({ protocol: /^https?$/ }),
  cancelUrl: z.url({ protocol: /^https?$/ }),
  /** Unix seconds after which the page no longer takes a payment. */
  expiresAt: z.number().int(),
});
export type SandboxSessionInfo = z.infer<typeof sandboxSessionInfoSchema>;

const PURPOSE = 'sandbox-session';

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}.${payload}`).digest('base64url');
}

export function encodeSandboxSession(info: SandboxSessionInfo, secret: string): string {
  const payload = Buffer.from(JSON.stringify(info)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The session described by `token` when it is genuine and about `sessionId`; else null. */
export function decodeSandboxSession(
  token: string,
  sessionId: string,
  secret: string,
): SandboxSessionInfo | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const info = sandboxSessionInfoSchema.safeParse(decoded);
  return info.success && info.data.sessionId === sessionId ? info.data : null;
}

import { z } from 'zod';

/*
 * Appeals sent from the product carry a Reply-To that routes the platform's answer back to
 * the case (appeals/reply-address.ts), through an inbound e-mail webhook in Mailgun's format
 * (its "routes" forward a message as a form post signed with the account's webhook signing
 * key). Parsed here and spread into the environment schema of env.ts.
 */

export interface AppealMailConfig {
  /** The domain of the reply-to addresses; its MX must point at the inbound mail provider. */
  replyDomain: string;
  /** Keys the tag of each reply-to address, so an address cannot be made up from a reference. */
  replySecret: string;
  /** Mailgun's webhook signing key: inbound posts whose signature does not match are refused. */
  inboundSigningKey: string;
}

/** Public defaults for development and tests; production never uses them (toAppealMailConfig). */
export const DEV_APPEAL_REPLY_SECRET = 'appeal-reply-dev-secret-not-for-production';
export const DEV_INBOUND_SIGNING_KEY = 'inbound-dev-signing-key-not-for-production';

export const appealEnvShape = {
  APPEAL_REPLY_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i,
      {
        message: 'must be a domain name such as replies.example.com',
      },
    )
    .optional(),
  APPEAL_REPLY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  INBOUND_EMAIL_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
};

interface AppealEnv {
  NODE_ENV: string;
  APPEAL_REPLY_DOMAIN?: string | undefined;
  APPEAL_REPLY_SECRET?: string | undefined;
  INBOUND_EMAIL_SIGNING_KEY?: string | undefined;
}

const keys = ['APPEAL_REPLY_DOMAIN', 'APPEAL_REPLY_SECRET', 'INBOUND_EMAIL_SIGNING_KEY'] as const;

/**
 * A production server never signs or accepts with the public development defaults: there it
 * routes replies only when all three are set (half of them is a deployment mistake).
 */
export function checkAppealEnv(env: AppealEnv, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV !== 'production') return;
  const missing = keys.filter((key) => !env[key]);
  if (missing.length === 0 || missing.length === keys.length) return;
  for (const key of missing) {
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `must be set together with ${keys.filter((other) => other !== key).join(' and ')} (set all three or none)`,
    });
  }
}

/**
 * null: replies are not routed (production without the three settings). Appeals then go out
 * with the support address as Reply-To, operators paste the platform's answer, and the
 * inbound webhook is off. Outside production the defaults below apply, so a development run
 * and the tests exercise the whole path; the domain defaults to `replies.<host of PUBLIC_URL>`.
 */
export function toAppealMailConfig(env: AppealEnv, publicUrl: string): AppealMailConfig | null {
  if (env.NODE_ENV === 'production' && keys.some((key) => !env[key])) return null;
  return {
    replyDomain: (
      env.APPEAL_REPLY_DOMAIN ?? `replies.${new URL(publicUrl).hostname}`
    ).toLowerCase(),
    replySecret: env.APPEAL_REPLY_SECRET ?? DEV_APPEAL_REPLY_SECRET,
    inboundSigningKey: env.INBOUND_EMAIL_SIGNING_KEY ?? DEV_INBOUND_SIGNING_KEY,
  };
}

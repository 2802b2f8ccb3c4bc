import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { chatConfigSchema, firebaseWebConfigSchema } from '@unban/contract/client-config';
import type { ChatConfig, FirebaseWebConfig } from '@unban/contract/client-config';
import { dataRetention } from '@unban/contract/data-rules';
import { siteConfig } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { checkEvidenceEnv, evidenceEnvShape, toEvidenceStorageConfig } from './env-evidence';
import type { EvidenceStorageConfig } from './env-evidence';
import { appealEnvShape, checkAppealEnv, toAppealMailConfig } from './env-appeals';
import type { AppealMailConfig } from './env-appeals';
import { deadlineEnvShape, toReplyDeadlineConfig } from './env-deadlines';
import { ownerReviewEnvShape, toOwnerReviewConfig } from './env-owner-review';
import type { OwnerReviewConfig } from './env-owner-review';
import type { ReplyDeadlineConfig } from './env-deadlines';
import { loadSiteIdentity, siteIdentityEnvShape } from './env-site-identity';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from its environment, parsed and checked once at start. */
export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** Where customers reach the site, without a trailing slash (links in e-mails, redirects). */
  publicUrl: string;
  logLevel: LogLevel;
  /** Absolute. Holds the embedded database and the lock that gives one server this folder. */
  dataDir: string;
  /** Set: use this Postgres server instead of the embedded PGlite database. */
  databaseUrl: string | null;
  /** Absolute path of the built web app (index.html + assets/). */
  webDistDir: string;
  chat: ChatConfig | null;
  /** The chat provider's secure-mode secret: signs the customer's identity. Never sent to browsers. */
  chatSecureModeKey: string | null;
  firebase: {
    /** Also used by firebase-admin to verify ID tokens, so it may be set without the web config. */
    projectId: string | null;
    web: FirebaseWebConfig | null;
    /** host:port of the Firebase Auth emulator (the variable firebase-admin itself reads). */
    authEmulatorHost: string | null;
  };
  analyticsConsentRequired: boolean;
  rateLimitPerMinute: number;
  /** New unban requests one user / one IP may create per hour (each opens a checkout). */
  requestQuota: { perUserPerHour: number; perIpPerHour: number };
  /** Days after which an unpaid, abandoned request is deleted (jobs/retention.ts). */
  retentionUnpaidDays: number;
  /**
   * The public results (GET /api/results, docs/decisions/019): the period they cover, in days
   * up to now, and the sample below which a figure is withheld.
   */
  results: { periodDays: number; minimumSample: number };
  /**
   * Whether staff sessions must have passed a second factor (Firebase multi-factor); see
   * docs/decisions/009-staff-verified-email-and-second-factor.md.
   */
  staffSecondFactor: 'required' | 'optional';
  /** Requests per minute per client address on the webhook route (its own, generous limit). */
  webhookRateLimitPerMinute: number;
  /**
   * Behind load balancers: which X-Forwarded-For entries to believe (rate limits are per
   * client address). A hop count (the right-most entries the proxies appended), or the
   * proxies' addresses / CIDR ranges; false: the connection's own address. Never "all": the
   * client writes the left-most entries itself.
   */
  trustProxy: false | number | string[];
  payments: PaymentsConfig;
  mail: MailConfig;
  /** Where the customers' screenshots of the ban are kept (config/env-evidence.ts). */
  evidenceStorage: EvidenceStorageConfig;
  /**
   * Signs the short-lived tickets that open a live-update stream (docs/decisions/
   * 013-live-updates.md). Several instances behind one address need the same secret; null:
   * a random one per process, enough for one instance.
   */
  liveTicketSecret: string | null;
  /** The plans' reply deadlines: business calendar and breach warning (config/env-deadlines.ts). */
  replyDeadlines: ReplyDeadlineConfig;
  /**
   * Reply-to addresses of appeals and the inbound e-mail webhook (config/env-appeals.ts);
   * null: replies are not routed to cases (production without those settings).
   */
  appealMail: AppealMailConfig | null;
  /** The owner's in-app review: when the owner is reminded (config/env-owner-review.ts). */
  ownerReview: OwnerReviewConfig;
  /**
   * What the site says about itself and sells: brand, app, claims, plans and their prices
   * (SITE_CONFIG_FILE, config/env-site-identity.ts; docs/decisions/023).
   */
  identity: SiteIdentity;
}

/** How customer e-mails leave the server (jobs/outbox-worker.ts). */
export interface MailConfig {
  /** smtp:// or smtps:// URL of the mail server; null: the dev mailbox (stored in the database). */
  smtpUrl: string | null;
  /** The From header, e.g. `Unban Desk <support@example.com>`; default: brand and support address. */
  from: string;
}

export type PaymentProviderName = 'sandbox' | 'stripe';

/** Which payment provider takes the money, and its secrets. */
export interface PaymentsConfig {
  provider: PaymentProviderName;
  /** Set when `provider` is stripe. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Another Stripe API address (a local fake in tests); null: Stripe's own. */
    apiBase: string | null;
  } | null;
  sandbox: {
    /** Signs the sandbox's webhook events (HMAC-SHA256, Stripe's header format). */
    webhookSecret: string;
    /** How long a "pay later" sandbox payment stays processing before it succeeds. */
    payLaterDelayMs: number;
  };
}

/**
 * The sandbox's signing secret when none is set. Only the sandbox's own pages and webhook
 * endpoint accept it, and those exist only while the sandbox is the provider, which
 * production refuses without an explicit secret (see the checks below).
 */
export const DEV_SANDBOX_WEBHOOK_SECRET = 'sandbox-dev-webhook-secret-not-for-production';

/** Thrown when the environment is unusable; the message lists every problem at once. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Invalid server configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

function integer(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

const booleanFlag = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

function httpUrl(message: string) {
  return z
    .url({ protocol: /^https?$/, error: message })
    .transform((value) => value.replace(/\/+$/, ''));
}

const text = z.string();

const PROXY_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*)(\/\d{1,3})?$/;

/**
 * TRUST_PROXY: false, a hop count, or a comma-separated list of proxy addresses and CIDR
 * ranges. `true` (believe every entry) is refused: the left-most X-Forwarded-For entry is
 * whatever the client wrote, so it would defeat every per-address limit.
 */
const trustProxySetting = z.string().transform((value, ctx): false | number | string[] => {
  const lower = value.toLowerCase();
  if (['false', '0', 'no'].includes(lower)) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
  } else {
    const addresses = value.split(',').map((part) => part.trim());
    if (addresses.every((address) => PROXY_ADDRESS.test(address))) return addresses;
  }
  ctx.addIssue({
    code: 'custom',
    message:
      'must be false, the number of proxies in front of the server (e.g. 1), or their addresses (e.g. 10.0.0.0/8,192.0.2.7); true is refused because clients can write X-Forwarded-For themselves',
  });
  return z.NEVER;
});

interface PaymentEnv {
  NODE_ENV: string;
  PAYMENT_PROVIDER?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  SANDBOX_WEBHOOK_SECRET?: string | undefined;
}

/**
 * The sandbox marks orders paid at the click of a button, so a production server must name
 * its provider on purpose, and a production sandbox must not sign with the public default.
 */
function checkPayments(env: PaymentEnv, ctx: z.RefinementCtx): void {
  const production = env.NODE_ENV === 'production';
  if (production && !env.PAYMENT_PROVIDER) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message:
        'must be set in production (stripe; sandbox only for a demo, as it lets anyone mark an order paid)',
    });
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when PAYMENT_PROVIDER is stripe',
        });
      }
    }
  }
  if (production && env.PAYMENT_PROVIDER === 'sandbox' && !env.SANDBOX_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['SANDBOX_WEBHOOK_SECRET'],
      message: 'must be set when the sandbox runs in production (the default is public)',
    });
  }
}

/**
 * Production writes PUBLIC_URL into every e-mail and payment return address, and HSTS is sent
 * only over https: a missing or plain-http address would send customers to localhost or let
 * their status links travel in clear text.
 */
function checkPublicUrl(
  env: { NODE_ENV: string; PUBLIC_URL?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production') return;
  if (env.PUBLIC_URL === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        'must be set in production to the https address customers use (links in e-mails, HSTS)',
    });
  } else if (!env.PUBLIC_URL.startsWith('https://')) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'must be an https URL in production',
    });
  }
}

const envSchema = z
  .object({
    // No default: an unset NODE_ENV used to mean development, which silently skipped every
    // production check below. `npm start` and the tests set it themselves.
    NODE_ENV: z.enum(['development', 'production', 'test'], {
      error: (issue) =>
        issue.input === undefined
          ? 'must be set to development, production or test (nothing is assumed, so production guards cannot be skipped by accident)'
          : 'must be development, production or test',
    }),
    PORT: integer(1, 65_535).default(8080),
    HOST: text.default('127.0.0.1'),
    PUBLIC_URL: httpUrl('must be an http(s) URL such as https://example.com').optional(),
    LOG_LEVEL: z
      .enum(
        ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
        'must be one of fatal, error, warn, info, debug, trace, silent',
      )
      .default('info'),
    DATA_DIR: text.default('.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// connection URL')
      .optional(),
    WEB_DIST_DIR: text.optional(),
    CHAT_HOST: httpUrl('must be an http(s) URL such as https://embed.tawk.to').default(
      siteConfig.chat.defaultHost,
    ),
    CHAT_SITE_ID: text.optional(),
    CHAT_WIDGET_ID: text.optional(),
    CHAT_SECURE_MODE_KEY: text.optional(),
    FIREBASE_API_KEY: text.optional(),
    FIREBASE_AUTH_DOMAIN: z
      .string()
      .regex(
        /^[A-Za-z0-9.-]+(:\d{1,5})?$/,
        'must be a host name such as my-project.firebaseapp.com',
      )
      .optional(),
    FIREBASE_PROJECT_ID: text.optional(),
    FIREBASE_STORAGE_BUCKET: text.default(''),
    FIREBASE_MESSAGING_SENDER_ID: text.default(''),
    FIREBASE_APP_ID: text.default(''),
    FIREBASE_MEASUREMENT_ID: text.optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(
        /^(\[[0-9A-Fa-f:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/,
        'must be host:port such as 127.0.0.1:9099',
      )
      .optional(),
    ANALYTICS_CONSENT_REQUIRED: booleanFlag.default(true),
    STAFF_SECOND_FACTOR: z
      .enum(['required', 'optional'], 'must be required or optional')
      .default('optional'),
    RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000).default(300),
    REQUEST_QUOTA_PER_USER_PER_HOUR: integer(1, 100_000_000).default(10),
    REQUEST_QUOTA_PER_IP_PER_HOUR: integer(1, 100_000_000).default(30),
    // The privacy page promises deletion within the contract's maximum, so a longer period
    // is refused rather than silently breaking that promise (docs/decisions/017).
    RETENTION_UNPAID_DAYS: integer(
      dataRetention.unpaidRequestMinDays,
      dataRetention.unpaidRequestMaxDays,
    ).default(dataRetention.unpaidRequestMaxDays),
    TRUST_PROXY: trustProxySetting.default(false),
    WEBHOOK_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000).default(3_000),
    RESULTS_PERIOD_DAYS: integer(1, 3_650).default(90),
    RESULTS_MIN_SAMPLE: integer(1, 1_000_000).default(20),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe'], 'must be sandbox or stripe').optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    STRIPE_API_BASE: httpUrl('must be an http(s) URL such as http://127.0.0.1:12111').optional(),
    SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    SANDBOX_PAY_LATER_DELAY_MS: integer(0, 600_000).default(2_000),
    LIVE_TICKET_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\/\S+$/,
        'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
      )
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^([^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'must be an address such as support@example.com or Name <support@example.com>',
      )
      .optional(),
    ...evidenceEnvShape,
    ...siteIdentityEnvShape,
    ...deadlineEnvShape,
    ...appealEnvShape,
    ...ownerReviewEnvShape,
  })
  .superRefine((env, ctx) => {
    checkEvidenceEnv(env, ctx);
    checkAppealEnv(env, ctx);
    // A half-configured integration is a deployment mistake: say so instead of silently
    // running without chat or sign-in.
    if (Boolean(env.CHAT_SITE_ID) !== Boolean(env.CHAT_WIDGET_ID)) {
      const missing = env.CHAT_SITE_ID ? 'CHAT_WIDGET_ID' : 'CHAT_SITE_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with the other chat id (set both or neither)',
      });
    }
    const webKeys = ['FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN'] as const;
    if (webKeys.some((key) => env[key])) {
      for (const key of [...webKeys, 'FIREBASE_PROJECT_ID'] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              'is required when the Firebase web configuration is set (FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN and FIREBASE_PROJECT_ID go together)',
          });
        }
      }
    }
    checkPayments(env, ctx);
    checkPublicUrl(env, ctx);
    // The emulator accepts unsigned tokens and lets anyone set their own role claim.
    if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set in production (the emulator trusts any token)',
      });
    }
  });

type ParsedEnv = z.output<typeof envSchema>;

/** Empty values count as unset, as in most .env files and container definitions. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const trimmed = value?.trim();
    if (trimmed) result[key] = trimmed;
  }
  return result;
}

function toAppConfig(env: ParsedEnv, cwd: string, identity: SiteIdentity): AppConfig {
  const chat =
    env.CHAT_SITE_ID && env.CHAT_WIDGET_ID
      ? chatConfigSchema.parse({
          host: env.CHAT_HOST,
          siteId: env.CHAT_SITE_ID,
          widgetId: env.CHAT_WIDGET_ID,
        })
      : null;
  const web =
    env.FIREBASE_API_KEY && env.FIREBASE_AUTH_DOMAIN && env.FIREBASE_PROJECT_ID
      ? firebaseWebConfigSchema.parse({
          apiKey: env.FIREBASE_API_KEY,
          authDomain: env.FIREBASE_AUTH_DOMAIN,
          projectId: env.FIREBASE_PROJECT_ID,
          storageBucket: env.FIREBASE_STORAGE_BUCKET,
          messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID,
          appId: env.FIREBASE_APP_ID,
          ...(env.FIREBASE_MEASUREMENT_ID ? { measurementId: env.FIREBASE_MEASUREMENT_ID } : {}),
        })
      : null;

  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? null,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    chat,
    chatSecureModeKey: env.CHAT_SECURE_MODE_KEY ?? null,
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID ?? null,
      web,
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    },
    analyticsConsentRequired: env.ANALYTICS_CONSENT_REQUIRED,
    staffSecondFactor: env.STAFF_SECOND_FACTOR,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    requestQuota: {
      perUserPerHour: env.REQUEST_QUOTA_PER_USER_PER_HOUR,
      perIpPerHour: env.REQUEST_QUOTA_PER_IP_PER_HOUR,
    },
    retentionUnpaidDays: env.RETENTION_UNPAID_DAYS,
    results: { periodDays: env.RESULTS_PERIOD_DAYS, minimumSample: env.RESULTS_MIN_SAMPLE },
    webhookRateLimitPerMinute: env.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    payments: toPaymentsConfig(env),
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? `${identity.brand} <${identity.supportEmail}>`,
    },
    evidenceStorage: toEvidenceStorageConfig(env, path.resolve(cwd, env.DATA_DIR)),
    liveTicketSecret: env.LIVE_TICKET_SECRET ?? null,
    replyDeadlines: toReplyDeadlineConfig(env, identity),
    appealMail: toAppealMailConfig(env, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    ownerReview: toOwnerReviewConfig(env),
    identity,
  };
}

function toPaymentsConfig(env: ParsedEnv): PaymentsConfig {
  const provider = env.PAYMENT_PROVIDER ?? 'sandbox';
  return {
    provider,
    stripe:
      provider === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE ?? null,
          }
        : null,
    sandbox: {
      webhookSecret: env.SANDBOX_WEBHOOK_SECRET ?? DEV_SANDBOX_WEBHOOK_SECRET,
      payLaterDelayMs: env.SANDBOX_PAY_LATER_DELAY_MS,
    },
  };
}

/**
 * Parses the environment into the server configuration.
 * @throws ConfigError listing every problem, so one restart fixes them all.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): AppConfig {
  const values = withoutEmptyValues(env);
  const result = envSchema.safeParse(values);
  // The identity file is read even when a variable is wrong, so one restart fixes both.
  const site = loadSiteIdentity(values.SITE_CONFIG_FILE, cwd);
  if (!result.success || site.identity === null) {
    throw new ConfigError([
      ...(result.success
        ? []
        : result.error.issues.map((issue) => {
            const name = issue.path.map(String).join('.') || 'environment';
            return `${name}: ${issue.message}`;
          })),
      ...site.problems,
    ]);
  }
  return toAppConfig(result.data, cwd, site.identity);
}

import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SANDBOX_WEBHOOK_SECRET, loadConfig as loadExplicitConfig } from './env';

/** The tests below are about other variables; NODE_ENV never defaults. */
function loadConfig(env: Record<string, string | undefined>, cwd?: string) {
  return loadExplicitConfig({ NODE_ENV: 'development', ...env }, cwd);
}

const cwd = '/srv/unban';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('payment configuration', () => {
  it('runs the embedded sandbox by default, with the development secret', () => {
    expect(loadConfig({}, cwd).payments).toEqual({
      provider: 'sandbox',
      stripe: null,
      sandbox: { webhookSecret: DEV_SANDBOX_WEBHOOK_SECRET, payLaterDelayMs: 2000 },
    });
  });

  it('reads Stripe keys and an optional API address', () => {
    const { payments } = loadConfig(
      {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_456',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      },
      cwd,
    );
    expect(payments.provider).toBe('stripe');
    expect(payments.stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_456',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('needs both Stripe secrets, in their own formats, when Stripe is the provider', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER is stripe',
      'STRIPE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER is stripe',
    ]);
    expect(
      problemsOf({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'pk_test_publishable',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }),
    ).toEqual(['STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_…, sk_live_…)']);
    expect(problemsOf({ PAYMENT_PROVIDER: 'paypal' })).toEqual([
      'PAYMENT_PROVIDER: must be sandbox or stripe',
    ]);
  });

  it('makes production choose its provider, and never sign sandbox events with the public default', () => {
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://unban.example' })).toEqual([
      'PAYMENT_PROVIDER: must be set in production (stripe; sandbox only for a demo, as it lets anyone mark an order paid)',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://unban.example',
        PAYMENT_PROVIDER: 'sandbox',
      }),
    ).toEqual([
      'SANDBOX_WEBHOOK_SECRET: must be set when the sandbox runs in production (the default is public)',
    ]);
    expect(
      loadConfig(
        {
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://unban.example',
          PAYMENT_PROVIDER: 'sandbox',
          SANDBOX_WEBHOOK_SECRET: 'a-long-demo-secret-value',
        },
        cwd,
      ).payments.sandbox.webhookSecret,
    ).toBe('a-long-demo-secret-value');
  });
});

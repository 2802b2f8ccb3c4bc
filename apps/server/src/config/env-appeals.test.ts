import { describe, expect, it } from 'vitest';
import { DEV_APPEAL_REPLY_SECRET, DEV_INBOUND_SIGNING_KEY } from './env-appeals';
import { ConfigError, loadConfig } from './env';

describe('appeal mail configuration', () => {
  it('defaults to replies.<public host> and the public development keys outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:8080' });
    expect(config.appealMail).toEqual({
      replyDomain: 'replies.localhost',
      replySecret: DEV_APPEAL_REPLY_SECRET,
      inboundSigningKey: DEV_INBOUND_SIGNING_KEY,
    });
  });

  it('takes the configured domain and keys', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      APPEAL_REPLY_DOMAIN: 'Replies.Example.com',
      APPEAL_REPLY_SECRET: 'x'.repeat(32),
      INBOUND_EMAIL_SIGNING_KEY: 'k'.repeat(16),
    });
    expect(config.appealMail).toEqual({
      replyDomain: 'replies.example.com',
      replySecret: 'x'.repeat(32),
      inboundSigningKey: 'k'.repeat(16),
    });
  });

  it('refuses a malformed domain and short keys', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        APPEAL_REPLY_DOMAIN: 'not a domain',
        APPEAL_REPLY_SECRET: 'short',
        INBOUND_EMAIL_SIGNING_KEY: 'short',
      }),
    ).toThrow(ConfigError);
  });

  it('routes no replies in production unless all three are set, and refuses half of them', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://unban.example',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_WEBHOOK_SECRET: 'a-secret-of-enough-length',
    };
    expect(loadConfig(production).appealMail).toBeNull();
    let error: unknown;
    try {
      loadConfig({ ...production, APPEAL_REPLY_DOMAIN: 'replies.unban.example' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'APPEAL_REPLY_SECRET: must be set together with APPEAL_REPLY_DOMAIN and INBOUND_EMAIL_SIGNING_KEY (set all three or none)',
      'INBOUND_EMAIL_SIGNING_KEY: must be set together with APPEAL_REPLY_DOMAIN and APPEAL_REPLY_SECRET (set all three or none)',
    ]);
    expect(
      loadConfig({
        ...production,
        APPEAL_REPLY_DOMAIN: 'replies.unban.example',
        APPEAL_REPLY_SECRET: 's'.repeat(32),
        INBOUND_EMAIL_SIGNING_KEY: 'k'.repeat(16),
      }).appealMail,
    ).toEqual({
      replyDomain: 'replies.unban.example',
      replySecret: 's'.repeat(32),
      inboundSigningKey: 'k'.repeat(16),
    });
  });
});

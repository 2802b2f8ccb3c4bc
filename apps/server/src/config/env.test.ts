import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as loadExplicitConfig } from './env';

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

describe('loadConfig', () => {
  it('refuses to guess the environment: NODE_ENV must be set', () => {
    expect(() => loadExplicitConfig({}, cwd)).toThrow(ConfigError);
    try {
      loadExplicitConfig({ PORT: '8080' }, cwd);
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'NODE_ENV: must be set to development, production or test (nothing is assumed, so production guards cannot be skipped by accident)',
      ]);
    }
  });

  it('requires an https PUBLIC_URL in production', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_WEBHOOK_SECRET: 'a-secret-of-enough-length',
    };
    expect(problemsOf(production)).toEqual([
      'PUBLIC_URL: must be set in production to the https address customers use (links in e-mails, HSTS)',
    ]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://unban.example' })).toEqual([
      'PUBLIC_URL: must be an https URL in production',
    ]);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://unban.example/' }, cwd).publicUrl).toBe(
      'https://unban.example',
    );
  });

  it('refuses the Auth emulator in production, where it would trust any token', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://unban.example',
        PAYMENT_PROVIDER: 'sandbox',
        SANDBOX_WEBHOOK_SECRET: 'a-secret-of-enough-length',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST: must not be set in production (the emulator trusts any token)',
    ]);
  });

  it('reads the request quotas, with defaults that stop a script but not a person', () => {
    expect(loadConfig({}, cwd).requestQuota).toEqual({ perUserPerHour: 10, perIpPerHour: 30 });
    expect(
      loadConfig({ REQUEST_QUOTA_PER_USER_PER_HOUR: '5', REQUEST_QUOTA_PER_IP_PER_HOUR: '50' }, cwd)
        .requestQuota,
    ).toEqual({ perUserPerHour: 5, perIpPerHour: 50 });
  });

  it('reads the retention of unpaid requests, never past what the privacy page promises', () => {
    expect(loadConfig({}, cwd).retentionUnpaidDays).toBe(30);
    expect(loadConfig({ RETENTION_UNPAID_DAYS: '7' }, cwd).retentionUnpaidDays).toBe(7);
    expect(problemsOf({ RETENTION_UNPAID_DAYS: '31' })).toEqual([
      'RETENTION_UNPAID_DAYS: must be at most 30',
    ]);
    expect(problemsOf({ RETENTION_UNPAID_DAYS: '1' })).toEqual([
      'RETENTION_UNPAID_DAYS: must be at least 2',
    ]);
    expect(problemsOf({ RETENTION_UNPAID_DAYS: 'a week' })).toEqual([
      'RETENTION_UNPAID_DAYS: must be a whole number',
    ]);
  });

  it('reads the period and minimum sample of the public results', () => {
    expect(loadConfig({}, cwd).results).toEqual({ periodDays: 90, minimumSample: 20 });
    expect(loadConfig({ RESULTS_PERIOD_DAYS: '30', RESULTS_MIN_SAMPLE: '5' }, cwd).results).toEqual(
      { periodDays: 30, minimumSample: 5 },
    );
    expect(problemsOf({ RESULTS_PERIOD_DAYS: '0', RESULTS_MIN_SAMPLE: 'few' })).toEqual([
      'RESULTS_PERIOD_DAYS: must be at least 1',
      'RESULTS_MIN_SAMPLE: must be a whole number',
    ]);
  });

  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      logLevel: 'info',
      dataDir: path.join(cwd, '.data'),
      databaseUrl: null,
      chat: null,
      firebase: { projectId: null, web: null, authEmulatorHost: null },
      analyticsConsentRequired: true,
      rateLimitPerMinute: 300,
      trustProxy: false,
    });
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('derives the public URL from the port and resolves folders against the working directory', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: 'var/data', WEB_DIST_DIR: '../web' }, cwd);
    expect(config.publicUrl).toBe('http://localhost:9000');
    expect(config.dataDir).toBe('/srv/unban/var/data');
    expect(config.webDistDir).toBe('/srv/web');
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ', CHAT_SITE_ID: '' }, cwd);
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeNull();
    expect(config.chat).toBeNull();
  });

  it('configures chat only with both ids, on the default host unless one is given', () => {
    expect(loadConfig({ CHAT_SITE_ID: 's1', CHAT_WIDGET_ID: 'w1' }, cwd).chat).toEqual({
      host: 'https://embed.tawk.to',
      siteId: 's1',
      widgetId: 'w1',
    });
    expect(
      loadConfig(
        { CHAT_HOST: 'https://chat.example.com/', CHAT_SITE_ID: 's', CHAT_WIDGET_ID: 'w' },
        cwd,
      ).chat?.host,
    ).toBe('https://chat.example.com');
    expect(problemsOf({ CHAT_SITE_ID: 's1' })).toEqual([
      expect.stringMatching(/^CHAT_WIDGET_ID: must be set together/),
    ]);
  });

  it('builds the Firebase web configuration from api key, auth domain and project id', () => {
    const config = loadConfig(
      {
        FIREBASE_API_KEY: 'key',
        FIREBASE_AUTH_DOMAIN: 'demo.firebaseapp.com',
        FIREBASE_PROJECT_ID: 'demo',
        FIREBASE_APP_ID: 'app',
        FIREBASE_MEASUREMENT_ID: 'G-1',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      },
      cwd,
    );
    expect(config.firebase).toEqual({
      projectId: 'demo',
      authEmulatorHost: '127.0.0.1:9099',
      web: {
        apiKey: 'key',
        authDomain: 'demo.firebaseapp.com',
        projectId: 'demo',
        storageBucket: '',
        messagingSenderId: '',
        appId: 'app',
        measurementId: 'G-1',
      },
    });
  });

  it('accepts a project id alone (server-side token checks) without a web configuration', () => {
    const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo' }, cwd);
    expect(config.firebase.projectId).toBe('demo');
    expect(config.firebase.web).toBeNull();
  });

  it('rejects a partial Firebase web configuration, naming each missing variable', () => {
    expect(problemsOf({ FIREBASE_API_KEY: 'key' })).toEqual([
      expect.stringMatching(/^FIREBASE_AUTH_DOMAIN: is required/),
      expect.stringMatching(/^FIREBASE_PROJECT_ID: is required/),
    ]);
  });

  it('parses boolean flags', () => {
    expect(loadConfig({ ANALYTICS_CONSENT_REQUIRED: 'false' }, cwd).analyticsConsentRequired).toBe(
      false,
    );
    expect(loadConfig({ TRUST_PROXY: '1' }, cwd).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }, cwd).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: must be false, the number of proxies.*true is refused/),
    ]);
    expect(loadConfig({}, cwd).staffSecondFactor).toBe('optional');
    expect(loadConfig({ STAFF_SECOND_FACTOR: 'required' }, cwd).staffSecondFactor).toBe('required');
  });

  it('lists every problem in one error', () => {
    let thrown: unknown;
    try {
      loadConfig(
        {
          PORT: '80a',
          LOG_LEVEL: 'loud',
          DATABASE_URL: 'mysql://db/app',
          PUBLIC_URL: 'example.com',
          FIREBASE_AUTH_EMULATOR_HOST: 'localhost',
          ANALYTICS_CONSENT_REQUIRED: 'maybe',
          RATE_LIMIT_PER_MINUTE: '0',
        },
        cwd,
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as ConfigError).message;
    expect(message).toMatch(/^Invalid server configuration:/);
    for (const name of [
      'PORT: must be a whole number',
      'LOG_LEVEL: must be one of',
      'DATABASE_URL: must be a postgres:// connection URL',
      'PUBLIC_URL: must be an http(s) URL',
      'FIREBASE_AUTH_EMULATOR_HOST: must be host:port',
      'ANALYTICS_CONSENT_REQUIRED: must be true or false',
      'RATE_LIMIT_PER_MINUTE: must be at least 1',
    ]) {
      expect(message).toContain(`  - ${name}`);
    }
  });

  it('rejects a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be at most 65535']);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as loadExplicitConfig } from './env';

/** The tests below are about other variables; NODE_ENV never defaults. */
function loadConfig(env: Record<string, string | undefined>, cwd?: string) {
  return loadExplicitConfig({ NODE_ENV: 'development', ...env }, cwd);
}

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('mail configuration', () => {
  it('uses the dev mailbox and the brand as sender when nothing is set', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: null,
      from: 'Unban Desk <support@unbandesk.example>',
    });
  });

  it('reads SMTP_URL and MAIL_FROM', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      MAIL_FROM: 'Help <help@example.com>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:secret@smtp.example.com:465',
      from: 'Help <help@example.com>',
    });
  });

  it('refuses an SMTP_URL that is not smtp(s) and a MAIL_FROM without an address', () => {
    expect(problems({ SMTP_URL: 'http://smtp.example.com', MAIL_FROM: 'Support team' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
      'MAIL_FROM: must be an address such as support@example.com or Name <support@example.com>',
    ]);
  });
});

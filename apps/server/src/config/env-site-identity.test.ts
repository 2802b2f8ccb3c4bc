import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { ConfigError, loadConfig } from './env';

const folder = mkdtempSync(path.join(os.tmpdir(), 'unban-site-config-'));

function file(name: string, content: string): string {
  const target = path.join(folder, name);
  writeFileSync(target, content);
  return target;
}

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('SITE_CONFIG_FILE', () => {
  it('is today’s site when unset, with the brand and support address as the sender', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.identity).toEqual(defaultSiteIdentity);
    expect(config.mail.from).toBe('Unban Desk <support@unbandesk.example>');
    expect(config.replyDeadlines.alertTo).toBe('support@unbandesk.example');
    expect(config.replyDeadlines.calendar.plans).toBe(defaultSiteIdentity.plans);
  });

  it('is read relative to the working directory and feeds the prices, deadlines and sender', () => {
    const name = file(
      'telegram.json',
      JSON.stringify({
        brand: 'Unban Telegram Desk',
        appName: 'Telegram',
        supportEmail: 'help@unban-telegram.example',
        plans: { priority: { priceMinor: 7900, replyWithinBusinessMinutes: 120 } },
      }),
    );
    const config = loadConfig({ NODE_ENV: 'test', SITE_CONFIG_FILE: path.basename(name) }, folder);
    expect(config.identity.appName).toBe('Telegram');
    expect(config.identity.plans.priority.priceMinor).toBe(7900);
    expect(config.identity.plans.standard.priceMinor).toBe(4900);
    expect(config.replyDeadlines.calendar.plans.priority.replyWithinBusinessMinutes).toBe(120);
    expect(config.mail.from).toBe('Unban Telegram Desk <help@unban-telegram.example>');
    expect(config.replyDeadlines.alertTo).toBe('help@unban-telegram.example');
  });

  it('refuses a bad field, naming the variable, the file and the field', () => {
    const name = file('bad.json', JSON.stringify({ plans: { standard: { priceMinor: -5 } } }));
    expect(problemsOf({ SITE_CONFIG_FILE: name })).toEqual([
      `SITE_CONFIG_FILE (${name}): plans.standard.priceMinor: must be at least 1 minor unit`,
    ]);
  });

  it('refuses prices that cannot be charged, saying which and why', () => {
    const name = file(
      'prices.json',
      JSON.stringify({
        plans: {
          standard: { prices: { EUR: 45.5, BRL: 24900 } },
          priority: { prices: { EUR: 85 } },
        },
      }),
    );
    expect(problemsOf({ SITE_CONFIG_FILE: name })).toEqual([
      `SITE_CONFIG_FILE (${name}): plans.standard.prices.EUR: must be a whole number of minor units (1/100 of a EUR)`,
      `SITE_CONFIG_FILE (${name}): plans.priority.prices: has no BRL price while plans.standard has one; price every plan in each currency you offer`,
    ]);
  });

  it('refuses a missing file and a file that is not JSON, alongside the other problems', () => {
    const missing = path.join(folder, 'nowhere.json');
    expect(problemsOf({ SITE_CONFIG_FILE: missing, PORT: 'eighty' })).toEqual([
      'PORT: must be a whole number',
      `SITE_CONFIG_FILE (${missing}): cannot be read (ENOENT)`,
    ]);
    const broken = file('broken.json', '{ "brand": ');
    const [problem] = problemsOf({ SITE_CONFIG_FILE: broken });
    expect(problem).toMatch(/^SITE_CONFIG_FILE \(.*broken\.json\): is not JSON \(/);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultSiteIdentity, metaDescription, pageTitle } from './site-config';
import { parseSiteIdentity } from './site-identity';

function identityOf(input: unknown) {
  const result = parseSiteIdentity(input);
  if (!result.success) throw new Error(result.problems.join('\n'));
  return result.identity;
}

function problemsOf(input: unknown): string[] {
  const result = parseSiteIdentity(input);
  if (result.success) throw new Error('expected the identity to be refused');
  return result.problems;
}

describe('site identity', () => {
  it('is today’s site when nothing is configured', () => {
    expect(identityOf({})).toEqual(defaultSiteIdentity);
    expect(pageTitle(defaultSiteIdentity)).toBe('Unban your WhatsApp');
    expect(metaDescription(defaultSiteIdentity)).toBe(
      'Banned on WhatsApp? We get your number unbanned through the official review channels. We work as fast as possible. 100% success rate. The process takes from a few hours to a few weeks, depending on how serious the breach of the terms of service was. If your number cannot be unbanned, you get a full refund.',
    );
  });

  it('takes what is given and keeps today’s value for the rest, naming the configured app', () => {
    const identity = identityOf({
      brand: 'Unban Telegram',
      appName: 'Telegram',
      appOwner: 'Telegram FZ-LLC',
      legalEntity: { name: 'Unban Telegram Ltd', address: '1 Example Street, London' },
      claims: { successRate: 'Most appeals succeed.' },
      plans: { standard: { priceMinor: 3900 }, priority: { priceMinor: 7900, name: 'Express' } },
    });
    expect(pageTitle(identity)).toBe('Unban your Telegram');
    expect(metaDescription(identity)).toContain('Banned on Telegram?');
    expect(metaDescription(identity)).toContain(' Most appeals succeed. ');
    expect(identity.claims.refund).toBe(defaultSiteIdentity.claims.refund);
    expect(identity.supportEmail).toBe(defaultSiteIdentity.supportEmail);
    expect(identity.plans.standard).toMatchObject({ id: 'standard', priceMinor: 3900 });
    expect(identity.plans.standard.summary).toContain("Telegram's official review channels");
    expect(identity.plans.priority).toMatchObject({
      id: 'priority',
      name: 'Express',
      priceMinor: 7900,
      replyWithinBusinessMinutes: 240,
    });
  });

  it('refuses a bad field, naming it', () => {
    expect(problemsOf({ plans: { priority: { priceMinor: 79.5 } } })).toEqual([
      'plans.priority.priceMinor: must be a whole number of minor units (cents for USD)',
    ]);
    expect(problemsOf({ supportEmail: 'nobody' })).toEqual([
      'supportEmail: must be an e-mail address such as support@example.com',
    ]);
    expect(problemsOf({ plans: { standard: { currency: 'usd' } } })).toEqual([
      'plans.standard.currency: must be an ISO 4217 code in capitals, such as USD or EUR',
    ]);
    expect(problemsOf({ claims: { refund: '  ' } })).toEqual(['claims.refund: must not be empty']);
  });

  it('refuses unknown fields and plan ids, so a misspelt key is not silently ignored', () => {
    expect(problemsOf({ appname: 'Telegram' })).toEqual(['unknown field appname']);
    expect(problemsOf({ plans: { gold: { priceMinor: 100 } } })).toEqual([
      'plans: unknown field gold',
    ]);
  });

  it('lists every problem at once', () => {
    expect(
      problemsOf({ brand: '', plans: { standard: { replyWithinBusinessMinutes: 0 } } }),
    ).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { ConfigError, loadConfig as loadExplicitConfig } from './env';

function loadConfig(env: Record<string, string | undefined>) {
  return loadExplicitConfig({ NODE_ENV: 'development', ...env }, '/srv/unban');
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

describe('reply deadline configuration', () => {
  it('runs deadlines Monday to Friday, 9:00 to 17:00 UTC, without holidays, by default', () => {
    expect(loadConfig({}).replyDeadlines).toEqual({
      calendar: {
        timeZone: 'UTC',
        workingDays: [1, 2, 3, 4, 5],
        opensAtMinute: 540,
        closesAtMinute: 1020,
        holidays: [],
        // The site identity's plans: their reply promises run in this calendar.
        plans: defaultSiteIdentity.plans,
      },
      alertBeforeMinutes: 60,
      alertTo: 'support@unbandesk.example',
    });
  });

  it('reads the time zone, days (ranges wrap past Sunday), hours, holidays and the alert', () => {
    const config = loadConfig({
      BUSINESS_TIME_ZONE: 'Asia/Dubai',
      BUSINESS_DAYS: 'sun-thu',
      BUSINESS_HOURS: '08:30-24:00',
      BUSINESS_HOLIDAYS: '2026-12-25, 2026-01-01,2026-12-25',
      REPLY_ALERT_BEFORE_MINUTES: '90',
      REPLY_ALERT_TO: 'team@example.com',
    }).replyDeadlines;
    expect(config.calendar).toEqual({
      timeZone: 'Asia/Dubai',
      workingDays: [1, 2, 3, 4, 7],
      opensAtMinute: 510,
      closesAtMinute: 1440,
      holidays: ['2026-01-01', '2026-12-25'],
      plans: defaultSiteIdentity.plans,
    });
    expect(config.alertBeforeMinutes).toBe(90);
    expect(config.alertTo).toBe('team@example.com');
    expect(
      loadConfig({ BUSINESS_DAYS: 'MON,wed,fri' }).replyDeadlines.calendar.workingDays,
    ).toEqual([1, 3, 5]);
  });

  it('lists every unusable value at once', () => {
    expect(
      problems({
        BUSINESS_TIME_ZONE: 'Mars/Olympus',
        BUSINESS_DAYS: 'mon-funday',
        BUSINESS_HOURS: '17:00-09:00',
        BUSINESS_HOLIDAYS: '2026-02-30',
        REPLY_ALERT_BEFORE_MINUTES: '0',
        REPLY_ALERT_TO: 'not-an-address',
      }),
    ).toEqual([
      expect.stringMatching(/^BUSINESS_TIME_ZONE: must be an IANA time zone/),
      expect.stringMatching(/^BUSINESS_DAYS: must be weekdays/),
      expect.stringMatching(/^BUSINESS_HOURS: must be opening-closing local times/),
      expect.stringMatching(/^BUSINESS_HOLIDAYS: .*2026-02-30 is not one/),
      'REPLY_ALERT_BEFORE_MINUTES: must be at least 1',
      expect.stringMatching(/^REPLY_ALERT_TO: must be an e-mail address/),
    ]);
    expect(problems({ BUSINESS_HOURS: '9-17' })).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
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

describe('owner review configuration', () => {
  it('reminds the owner after 24 hours by default', () => {
    expect(loadConfig({}).ownerReview).toEqual({ reminderAfterHours: 24 });
  });

  it('reads OWNER_REVIEW_REMINDER_HOURS', () => {
    expect(loadConfig({ OWNER_REVIEW_REMINDER_HOURS: '48' }).ownerReview.reminderAfterHours).toBe(
      48,
    );
  });

  it.each(['0', '721', '1.5', 'a day'])('refuses %s', (value) => {
    expect(problems({ OWNER_REVIEW_REMINDER_HOURS: value }).join('\n')).toContain(
      'OWNER_REVIEW_REMINDER_HOURS',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { BanAnswers, BanCheckAnswers, BanCheckOutcome } from './ban-check';
import {
  banCheckAccounts,
  banCheckAnswersSchema,
  banCheckMessageIds,
  banCheckOutcomeInfo,
  banCheckOutcomes,
  banCheckRules,
  matches,
  orderPrefillFor,
  triage,
  yesNoUnsure,
} from './ban-check';
import { messagingAppIds } from './messaging-apps';
import { bannedAtPeriods, devices } from './requests';

/** A permanent personal ban, as most visitors answer; each case changes what it is about. */
const ban: BanAnswers = {
  situation: 'ban',
  messagingApp: 'whatsapp',
  message: 'not_allowed_spam',
  countdown: 'no',
  unofficialApp: 'no',
  account: 'personal',
  device: 'android',
  bannedAt: 'this_week',
};

const cases: { name: string; answers: BanCheckAnswers; outcome: BanCheckOutcome }[] = [
  {
    name: '"Temporarily banned" after GB WhatsApp',
    answers: { ...ban, message: 'temporarily_banned', countdown: 'yes', unofficialApp: 'yes' },
    outcome: 'temporary_ban_unofficial_app',
  },
  {
    name: '"Temporarily banned", not sure which app was used',
    answers: {
      ...ban,
      message: 'temporarily_banned',
      countdown: 'not_sure',
      unofficialApp: 'not_sure',
    },
    outcome: 'temporary_ban_unofficial_app',
  },
  {
    name: 'a countdown under other words, after WhatsApp Plus',
    answers: { ...ban, message: 'other', countdown: 'yes', unofficialApp: 'yes' },
    outcome: 'temporary_ban_unofficial_app',
  },
  {
    name: '"Temporarily banned" with the official app only',
    answers: { ...ban, message: 'temporarily_banned', countdown: 'yes' },
    outcome: 'temporary_ban',
  },
  {
    name: 'a countdown on a Business Platform account: still temporary',
    answers: { ...ban, message: 'not_allowed', countdown: 'yes', account: 'business_platform' },
    outcome: 'temporary_ban',
  },
  {
    name: '"not allowed … due to spam", no timer',
    answers: ban,
    outcome: 'permanent_ban',
  },
  {
    name: '"not allowed", timer not sure, modified app used, WhatsApp Business app',
    answers: {
      ...ban,
      messagingApp: 'whatsapp_business',
      message: 'not_allowed',
      countdown: 'not_sure',
      unofficialApp: 'yes',
      account: 'business_app',
    },
    outcome: 'permanent_ban',
  },
  {
    name: 'another message, no timer',
    answers: { ...ban, message: 'other' },
    outcome: 'permanent_ban',
  },
  {
    name: 'a Business Platform account banned without a timer',
    answers: { ...ban, account: 'business_platform', message: 'can_no_longer_use' },
    outcome: 'permanent_ban_business_platform',
  },
  { name: 'a lost phone or SIM', answers: { situation: 'lost_phone' }, outcome: 'lost_phone' },
  { name: 'a hacked account', answers: { situation: 'hacked' }, outcome: 'hacked' },
  {
    name: 'a changed number',
    answers: { situation: 'number_changed' },
    outcome: 'number_changed',
  },
];

/** Every answer the questionnaire can give. */
function* everyAnswer(): Generator<BanCheckAnswers> {
  yield { situation: 'lost_phone' };
  yield { situation: 'hacked' };
  yield { situation: 'number_changed' };
  for (const messagingApp of messagingAppIds)
    for (const message of banCheckMessageIds)
      for (const countdown of yesNoUnsure)
        for (const unofficialApp of yesNoUnsure)
          for (const account of banCheckAccounts)
            for (const device of devices)
              for (const bannedAt of bannedAtPeriods)
                yield {
                  situation: 'ban',
                  messagingApp,
                  message,
                  countdown,
                  unofficialApp,
                  account,
                  device,
                  bannedAt,
                };
}

describe('triage', () => {
  it.each(cases)('$name → $outcome', ({ answers, outcome }) => {
    expect(banCheckAnswersSchema.parse(answers)).toEqual(answers);
    expect(triage(answers)).toBe(outcome);
  });

  it('the table above covers every outcome', () => {
    expect(new Set(cases.map((entry) => entry.outcome))).toEqual(new Set(banCheckOutcomes));
  });

  it('every rule decides at least one answer (none is shadowed by the ones above it)', () => {
    const deciding = new Set<number>();
    for (const answers of everyAnswer()) {
      deciding.add(banCheckRules.findIndex((rule) => matches(rule.when, answers)));
    }
    expect([...deciding].sort((a, b) => a - b)).toEqual(banCheckRules.map((_rule, index) => index));
  });

  it('answers every possible questionnaire, and never offers an order for a timer', () => {
    for (const answers of everyAnswer()) {
      const outcome = triage(answers);
      if (answers.situation !== 'ban') {
        expect(banCheckOutcomeInfo[outcome].kind).toBe('not_a_ban');
        continue;
      }
      if (answers.countdown === 'yes' || answers.message === 'temporarily_banned') {
        expect(banCheckOutcomeInfo[outcome]).toEqual({ kind: 'temporary_ban', weCanHelp: false });
        expect(orderPrefillFor(answers)).toBeNull();
      } else {
        expect(banCheckOutcomeInfo[outcome]).toEqual({ kind: 'permanent_ban', weCanHelp: true });
      }
    }
  });

  it('refuses an incomplete ban answer with a message per question', () => {
    const result = banCheckAnswersSchema.safeParse({ situation: 'ban', messagingApp: 'whatsapp' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(
      ['account', 'bannedAt', 'countdown', 'device', 'message', 'unofficialApp'].sort(),
    );
    expect(banCheckAnswersSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'validation.banCheck.situation',
    );
  });
});

describe('orderPrefillFor', () => {
  it('carries a permanent ban over in the order form’s terms', () => {
    expect(
      orderPrefillFor({ ...ban, account: 'business_platform', messagingApp: 'whatsapp_business' }),
    ).toEqual({
      messagingApp: 'whatsapp_business',
      accountType: 'business',
      device: 'android',
      banMessage: 'not_allowed_spam',
      bannedAt: 'this_week',
    });
    expect(orderPrefillFor({ ...ban, account: 'business_app' })?.accountType).toBe('business');
    expect(orderPrefillFor({ ...ban, device: 'iphone', message: 'other' })).toMatchObject({
      accountType: 'personal',
      device: 'iphone',
      banMessage: 'other',
    });
  });

  it('has nothing for the outcomes that offer no order', () => {
    for (const outcome of cases.filter((entry) => !banCheckOutcomeInfo[entry.outcome].weCanHelp)) {
      expect(orderPrefillFor(outcome.answers), outcome.name).toBeNull();
    }
  });
});

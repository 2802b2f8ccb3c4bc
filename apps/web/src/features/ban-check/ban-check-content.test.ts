import { describe, expect, it } from 'vitest';
import type { BanAnswers, BanCheckAnswers, BanCheckOutcome } from '@unban/contract/ban-check';
import { banCheckOutcomeInfo, banCheckOutcomes } from '@unban/contract/ban-check';
import { createAppIntl } from '../../lib/i18n/app-intl';
import english from '../../locales/en.json';
import { banCheckAnswer as answerIn } from './ban-check-content';

const intl = createAppIntl('en', english);
const banCheckAnswer = (outcome: BanCheckOutcome, answers: BanCheckAnswers) =>
  answerIn(intl, outcome, answers);

const ban = (device: 'android' | 'iphone' | 'other'): BanAnswers => ({
  situation: 'ban',
  messagingApp: 'whatsapp',
  message: 'not_allowed',
  countdown: 'no',
  unofficialApp: 'not_sure',
  account: 'personal',
  device,
  bannedAt: 'today',
});

const answersFor: Record<BanCheckOutcome, BanCheckAnswers> = {
  temporary_ban_unofficial_app: ban('android'),
  temporary_ban: ban('iphone'),
  permanent_ban: ban('iphone'),
  permanent_ban_business_platform: ban('other'),
  lost_phone: { situation: 'lost_phone' },
  hacked: { situation: 'hacked' },
  number_changed: { situation: 'number_changed' },
};

describe('the ban check’s answers', () => {
  it.each(banCheckOutcomes)('word %s with steps and a plain word on paying', (outcome) => {
    const answer = banCheckAnswer(outcome, answersFor[outcome]);
    expect(answer.heading).not.toBe('');
    expect(answer.steps.length).toBeGreaterThanOrEqual(3);
    const { kind, weCanHelp } = banCheckOutcomeInfo[outcome];
    if (kind === 'temporary_ban') expect(answer.help).toContain('would not help');
    if (kind === 'not_a_ban') expect(answer.help).toContain('nothing to pay anyone');
    if (weCanHelp) expect(answer.help).toContain('full refund');
    expect(answer.heading.toLowerCase()).toContain(kind === 'not_a_ban' ? 'not a ban' : 'ban');
  });

  it('speaks of the visitor’s own phone', () => {
    const steps = (outcome: BanCheckOutcome, answers: BanCheckAnswers) =>
      banCheckAnswer(outcome, answers)
        .steps.map((step) => step.text)
        .join(' ');
    expect(steps('temporary_ban', ban('android'))).toContain('Google Play Store');
    expect(steps('temporary_ban', ban('iphone'))).toContain('App Store');
    expect(steps('permanent_ban', ban('iphone'))).toContain('on your iPhone');
    // Asked "not sure" about a modified app: the switch comes first, to be safe.
    expect(steps('permanent_ban', ban('android'))).toMatch(/^If you used a modified app/);
    expect(steps('permanent_ban', { ...ban('android'), unofficialApp: 'no' })).not.toContain(
      'modified app',
    );
  });
});

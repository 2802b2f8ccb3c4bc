import type { BanAnswers, BanCheckAnswers, BanCheckOutcome } from '@unban/contract/ban-check';
import type { IntlShape } from 'react-intl';
import type { Device } from '@unban/contract/requests';
import type { MessageId } from '../../lib/i18n/catalog';
import { defaultMessagingAppId, messagingApps } from '@unban/contract/messaging-apps';

/*
 * What the ban check says for each outcome, in plain words: what happened, what the person
 * can do for free right now, step by step on their phone, and whether paying us would help.
 * The outcome comes from the contract's rules; this file only words it.
 */

/** A step; `link` points to where it is done, on the app maker's own site. */
export interface BanCheckStep {
  text: string;
  link?: { href: string; label: string };
}

export interface BanCheckAnswer {
  /** The kind of case, as the heading of the answer. */
  heading: string;
  /** What it means, in a few sentences. */
  summary: string[];
  stepsHeading: string;
  steps: BanCheckStep[];
  /** Whether and how we can help; for a timer or a non-ban it says plainly not to pay. */
  help: string;
}

type Say = (id: MessageId, values?: Record<string, string>) => string;

const WHATSAPP_CONTACT = 'https://www.whatsapp.com/contact';
const BUSINESS_MANAGER = 'https://business.facebook.com';

interface PhoneWords {
  store: string;
  /** Where the app's settings are, as the person sees them. */
  settings: string;
}

function phoneWords(say: Say, device: Device | 'unknown'): PhoneWords {
  const kind = device === 'unknown' ? 'other' : device;
  return {
    store: say(`banCheck.phone.${kind}.store`),
    settings: say(`banCheck.phone.${kind}.settings`),
  };
}

function temporary(say: Say, device: PhoneWords, unofficialApp: boolean): BanCheckAnswer {
  const { store } = device;
  const switchSteps: BanCheckStep[] = [
    { text: say('banCheck.temporary.backup') },
    { text: say('banCheck.temporary.uninstall') },
    { text: say('banCheck.temporary.install', { store }) },
  ];
  return {
    heading: say('banCheck.temporary.heading'),
    summary: [
      say(unofficialApp ? 'banCheck.temporary.summaryUnofficial' : 'banCheck.temporary.summary'),
    ],
    stepsHeading: say('banCheck.stepsFree'),
    steps: [
      ...(unofficialApp
        ? switchSteps
        : [{ text: say('banCheck.temporary.checkOfficial', { store }) }]),
      { text: say('banCheck.temporary.wait') },
      { text: say('banCheck.temporary.avoid') },
      { text: say('banCheck.neverShareCode') },
    ],
    help: say('banCheck.doNotPayTemporary'),
  };
}

function permanent(say: Say, answers: Partial<BanAnswers>, device: PhoneWords): BanCheckAnswer {
  const app = messagingApps[answers.messagingApp ?? defaultMessagingAppId].name;
  const phone = say(
    answers.device === 'android'
      ? 'banCheck.phone.android'
      : answers.device === 'iphone'
        ? 'banCheck.phone.iphone'
        : 'banCheck.phone.any',
  );
  const switchFirst: BanCheckStep[] =
    answers.unofficialApp === 'no'
      ? []
      : [{ text: say('banCheck.permanent.switchFirst', { app, store: device.store }) }];
  return {
    heading: say('banCheck.permanent.heading'),
    summary: [say('banCheck.permanent.summary', { app })],
    stepsHeading: say('banCheck.stepsReview'),
    steps: [
      ...switchFirst,
      { text: say('banCheck.permanent.open', { app, phone }) },
      { text: say('banCheck.permanent.tap') },
      { text: say('banCheck.permanent.code') },
      {
        text: say('banCheck.permanent.support', { example: say('banCheck.phoneExample') }),
        link: { href: WHATSAPP_CONTACT, label: say('banCheck.link.contact') },
      },
      { text: say('banCheck.oneRequest') },
      { text: say('banCheck.neverShareCode') },
    ],
    help: say('banCheck.ourHelp'),
  };
}

function businessPlatform(say: Say): BanCheckAnswer {
  return {
    heading: say('banCheck.business.heading'),
    summary: [say('banCheck.business.summary')],
    stepsHeading: say('banCheck.stepsReview'),
    steps: [
      {
        text: say('banCheck.business.signIn'),
        link: { href: BUSINESS_MANAGER, label: say('banCheck.link.businessManager') },
      },
      { text: say('banCheck.business.quality') },
      { text: say('banCheck.business.request') },
      { text: say('banCheck.oneRequest') },
    ],
    help: say('banCheck.ourHelp'),
  };
}

function notABan(say: Say, outcome: 'lost_phone' | 'hacked' | 'number_changed'): BanCheckAnswer {
  const words = phoneWords(say, 'unknown');
  const contact = { href: WHATSAPP_CONTACT, label: say('banCheck.link.contact') };
  const example = say('banCheck.phoneExample');
  const elsewhere = say('banCheck.stepsElsewhere');
  const help = say('banCheck.doNotPayNotABan');
  switch (outcome) {
    case 'lost_phone':
      return {
        heading: say('banCheck.lost.heading'),
        summary: [say('banCheck.lost.summary')],
        stepsHeading: elsewhere,
        steps: [
          { text: say('banCheck.lost.carrier') },
          { text: say('banCheck.lost.install', { store: words.store }) },
          { text: say('banCheck.lost.deactivate', { example }), link: contact },
        ],
        help,
      };
    case 'hacked':
      return {
        heading: say('banCheck.hacked.heading'),
        summary: [say('banCheck.hacked.summary')],
        stepsHeading: elsewhere,
        steps: [
          { text: say('banCheck.hacked.verify') },
          { text: say('banCheck.hacked.pin') },
          { text: say('banCheck.hacked.twoStep', { settings: words.settings }) },
          { text: say('banCheck.hacked.contacts') },
          { text: say('banCheck.hacked.support'), link: contact },
          { text: say('banCheck.neverShareCode') },
        ],
        help,
      };
    case 'number_changed':
      return {
        heading: say('banCheck.changed.heading'),
        summary: [say('banCheck.changed.summary')],
        stepsHeading: elsewhere,
        steps: [
          { text: say('banCheck.changed.change', { settings: words.settings }) },
          { text: say('banCheck.changed.noOld') },
          { text: say('banCheck.changed.banned') },
        ],
        help,
      };
  }
}

/**
 * The answer the check gives for an outcome, worded for the phone the visitor named, in
 * `intl`'s language.
 */
export function banCheckAnswer(
  intl: IntlShape,
  outcome: BanCheckOutcome,
  answers: BanCheckAnswers,
): BanCheckAnswer {
  const say: Say = (id, values) => intl.formatMessage({ id }, values);
  const ban: Partial<BanAnswers> = answers.situation === 'ban' ? answers : {};
  const device = phoneWords(say, ban.device ?? 'unknown');
  switch (outcome) {
    case 'temporary_ban_unofficial_app':
      return temporary(say, device, true);
    case 'temporary_ban':
      return temporary(say, device, false);
    case 'permanent_ban':
      return permanent(say, ban, device);
    case 'permanent_ban_business_platform':
      return businessPlatform(say);
    case 'lost_phone':
    case 'hacked':
    case 'number_changed':
      return notABan(say, outcome);
  }
}

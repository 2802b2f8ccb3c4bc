import type { BanAnswers, BanCheckAnswers, BanCheckOutcome } from '@unban/contract/ban-check';
import type { Device } from '@unban/contract/requests';
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

const WHATSAPP_CONTACT = {
  href: 'https://www.whatsapp.com/contact',
  label: 'WhatsApp contact form',
};
const BUSINESS_MANAGER = { href: 'https://business.facebook.com', label: 'Meta Business Manager' };

interface PhoneWords {
  store: string;
  /** Where the app's settings are, as the person sees them. */
  settings: string;
}

const phoneWords: Readonly<Record<Device | 'unknown', PhoneWords>> = {
  android: { store: 'the Google Play Store', settings: '⋮ (More options) › Settings' },
  iphone: { store: 'the App Store', settings: 'Settings (bottom right)' },
  other: { store: "your phone's official app store", settings: 'the app’s Settings' },
  unknown: { store: "your phone's official app store", settings: 'the app’s Settings' },
};

const NEVER_SHARE_CODE =
  'Never give the 6-digit SMS code or your two-step PIN to anyone, us included: whoever has it can take over your account.';

const ONE_REQUEST =
  'Send one request, then wait for the answer by e-mail or in the app. WhatsApp says that sending more than one does not speed up the review.';

const DO_NOT_PAY_TEMPORARY =
  'Paying anyone, us included, would not help: a temporary ban is not lifted by an appeal, it ends when the timer runs out. That is why we offer no order for it.';

const DO_NOT_PAY_NOT_A_BAN =
  'This is not a ban, so there is nothing for us to appeal and nothing to pay anyone. The steps above are all it takes.';

const OUR_HELP =
  'If you would rather not do it alone, we can take it on: an operator prepares your appeal from your answers and follows it through WhatsApp’s official review channels. You pay one fixed price, and get a full refund if your number cannot be unbanned. We never ask for your SMS code or PIN.';

function temporary(device: PhoneWords, unofficialApp: boolean): BanCheckAnswer {
  const switchSteps: BanCheckStep[] = [
    {
      text: 'If you want to keep your chats, first make a chat backup in the modified app (GB WhatsApp, WhatsApp Plus or similar), if it offers one.',
    },
    { text: 'Uninstall the modified app.' },
    {
      text: `Install the official WhatsApp from ${device.store} (published by WhatsApp LLC). Do this before the timer runs out: if you keep using the modified app, WhatsApp may ban the number permanently.`,
    },
  ];
  return {
    heading: 'This is a temporary ban',
    summary: [
      unofficialApp
        ? 'WhatsApp has paused your account for a while, most likely because a modified app such as GB WhatsApp or WhatsApp Plus was used. It ends by itself when the countdown runs out.'
        : 'WhatsApp has paused your account for a while. It ends by itself when the countdown runs out.',
    ],
    stepsHeading: 'What to do now, for free',
    steps: [
      ...(unofficialApp
        ? switchSteps
        : [
            {
              text: `Check that your WhatsApp is the official one from ${device.store}. Remove any modified version, add-on, auto-reply or bulk-messaging tool: they are the usual cause.`,
            },
          ]),
      {
        text: 'Wait until the countdown ends. Then open the official WhatsApp and verify your number with the 6-digit code it sends you by SMS.',
      },
      {
        text: 'Afterwards, avoid what triggers bans: messages to many people who have not saved your number, adding people to groups without asking, automated messages.',
      },
      { text: NEVER_SHARE_CODE },
    ],
    help: DO_NOT_PAY_TEMPORARY,
  };
}

function permanent(answers: Partial<BanAnswers>, device: PhoneWords): BanCheckAnswer {
  const app = messagingApps[answers.messagingApp ?? defaultMessagingAppId].name;
  const phone =
    answers.device === 'android'
      ? 'Android phone'
      : answers.device === 'iphone'
        ? 'iPhone'
        : 'phone';
  const switchFirst: BanCheckStep[] =
    answers.unofficialApp === 'no'
      ? []
      : [
          {
            text: `If you used a modified app (GB WhatsApp, WhatsApp Plus or similar), uninstall it and install the official ${app} from ${device.store} first.`,
          },
        ];
  return {
    heading: 'This is a permanent ban, and you can appeal it',
    summary: [
      `${app} lifts a permanent ban only after a review. You can ask for one yourself, for free, right now. The in-app request needs the SMS code sent to the number, so only you can send it, on your own phone.`,
    ],
    stepsHeading: 'Ask for a review yourself, for free',
    steps: [
      ...switchFirst,
      { text: `Open ${app} on your ${phone} with the banned number.` },
      { text: 'On the ban screen, tap “Request a review”.' },
      {
        text: 'Enter the 6-digit code that arrives by SMS, then say briefly what you use the number for and send the request.',
      },
      {
        text: 'You can also write to WhatsApp support by e-mail or through its contact form. Give the number in full international format, with + and the country code (for example +44 7700 900123), and say that you ask for a review of the ban.',
        link: WHATSAPP_CONTACT,
      },
      { text: ONE_REQUEST },
      { text: NEVER_SHARE_CODE },
    ],
    help: OUR_HELP,
  };
}

function businessPlatform(): BanCheckAnswer {
  return {
    heading: 'This is a ban on a WhatsApp Business Platform account',
    summary: [
      'Accounts on the WhatsApp Business Platform (the API) are not reviewed in the app but in Meta Business Manager. You can ask for a review yourself, for free, within 90 days of the decision.',
    ],
    stepsHeading: 'Ask for a review yourself, for free',
    steps: [
      {
        text: 'Sign in to Meta Business Manager as an admin of the business.',
        link: BUSINESS_MANAGER,
      },
      { text: 'Open Account Quality and choose the WhatsApp Business account that was banned.' },
      {
        text: 'Choose “Request review”, explain what the account is used for and why you believe the decision is wrong, and send it. Do it within 90 days of the decision.',
      },
      { text: ONE_REQUEST },
    ],
    help: OUR_HELP,
  };
}

function notABan(outcome: 'lost_phone' | 'hacked' | 'number_changed'): BanCheckAnswer {
  const words = phoneWords.unknown;
  switch (outcome) {
    case 'lost_phone':
      return {
        heading: 'This is not a ban: your number needs a new SIM',
        summary: [
          'Your account is not banned. To use it again you need the number back on a SIM card, which only your mobile carrier can give you.',
        ],
        stepsHeading: 'Where to go instead',
        steps: [
          {
            text: 'Ask your mobile carrier to block the lost SIM and give you a replacement SIM with the same number.',
          },
          {
            text: `Put it in a phone, install WhatsApp from ${words.store} and verify the number with the SMS code. This signs WhatsApp out on the lost phone.`,
          },
          {
            text: 'Until then you can ask WhatsApp to deactivate the account: write “Lost/Stolen: Please deactivate my account” with the number in full international format (for example +44 7700 900123).',
            link: WHATSAPP_CONTACT,
          },
        ],
        help: DO_NOT_PAY_NOT_A_BAN,
      };
    case 'hacked':
      return {
        heading: 'This is not a ban: someone else is using your account',
        summary: [
          'Your account is not banned, it was taken over. You get it back yourself by verifying your number again, which signs the other person out.',
        ],
        stepsHeading: 'Where to go instead',
        steps: [
          {
            text: 'Open WhatsApp on your phone, with your SIM in it, and verify your number with the 6-digit code it sends you by SMS.',
          },
          {
            text: 'If it asks for a two-step PIN you never set, the other person set it: wait 7 days, then you can verify without it.',
          },
          {
            text: `Once you are back in, turn on two-step verification yourself: ${words.settings} › Account › Two-step verification.`,
          },
          { text: 'Tell your contacts, in case the other person wrote to them in your name.' },
          { text: 'If you cannot get back in, tell WhatsApp support.', link: WHATSAPP_CONTACT },
          { text: NEVER_SHARE_CODE },
        ],
        help: DO_NOT_PAY_NOT_A_BAN,
      };
    case 'number_changed':
      return {
        heading: 'This is not a ban: your account moves to your new number',
        summary: [
          'Nothing is banned. WhatsApp has its own way to move an account to a new number, with your chats and groups.',
        ],
        stepsHeading: 'Where to go instead',
        steps: [
          {
            text: `With the new SIM in your phone, open WhatsApp and go to ${words.settings} › Account › Change number. You need to be able to receive an SMS on the new number.`,
          },
          {
            text: 'If you no longer have the old number, install WhatsApp and verify the new number as a new account.',
          },
          {
            text: 'If WhatsApp says your new number is banned, the number was banned before it came to you: run the check again and choose “The app says my account is banned”.',
          },
        ],
        help: DO_NOT_PAY_NOT_A_BAN,
      };
  }
}

/** The answer the check gives for an outcome, worded for the phone the visitor named. */
export function banCheckAnswer(outcome: BanCheckOutcome, answers: BanCheckAnswers): BanCheckAnswer {
  const ban: Partial<BanAnswers> = answers.situation === 'ban' ? answers : {};
  const device = phoneWords[ban.device ?? 'unknown'];
  switch (outcome) {
    case 'temporary_ban_unofficial_app':
      return temporary(device, true);
    case 'temporary_ban':
      return temporary(device, false);
    case 'permanent_ban':
      return permanent(ban, device);
    case 'permanent_ban_business_platform':
      return businessPlatform();
    case 'lost_phone':
    case 'hacked':
    case 'number_changed':
      return notABan(outcome);
  }
}

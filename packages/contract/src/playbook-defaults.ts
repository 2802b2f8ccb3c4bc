import type { MessagingAppId } from './messaging-apps';
import type { PlaybookBanType, PlaybookChannel, PlaybookContent } from './playbooks';

/*
 * The playbooks a fresh database starts with (version 1 of each), from what WhatsApp and Meta
 * publish. Admins change them in the back office; these are only written where no version
 * exists yet, so an admin's edits are never overwritten.
 */

const appealBody = `Hello,

My phone number {{phone_e164}} was banned from {{app}}. The app shows: "{{ban_message}}".
It happened {{banned_at}}. I use {{app}} on {{device}} for: {{usage}}.

In my own words: {{customer_words}}

I believe this is a mistake and I ask you to review my account. I use only the official app and follow the Terms of Service.

Thank you.`;

const followUpBody = `Hello,

I wrote on {{requested_at}} asking for a review of my number {{phone_e164}}, banned from {{app}} with the message "{{ban_message}}". I have not heard back yet and would be grateful to know whether the review has been made.

Thank you.`;

const waitingNote =
  'WhatsApp says more than one request does not speed up a review: do not send again before the follow-up day.';

function inAppReview(appName: string): PlaybookChannel {
  return {
    kind: 'in-app-review-by-owner',
    steps: [
      `The owner opens ${appName} on the banned number and taps "Request a review".`,
      'The owner enters the 6-digit code WhatsApp sends by SMS to the number; only the owner, holding the phone, can do this.',
      'The owner adds a short, polite explanation and submits; we tell them what to write.',
      waitingNote,
    ],
    evidence: [
      'A screenshot of the ban screen showing the message exactly',
      'The owner’s explanation of what the number is used for',
    ],
    followUp: { checkAfterDays: 2, followUpAfterDays: 7 },
  };
}

function supportEmail(appName: string, address: string): PlaybookChannel {
  return {
    kind: 'support-email',
    address,
    steps: [
      'Write in English or in the customer’s language, from the customer’s contact address if they agree.',
      'Give the number in full international format (E.164, with + and country code) in the text.',
      `Quote the ${appName} ban message word for word.`,
      waitingNote,
    ],
    evidence: [
      'The number in full international format',
      'The exact ban message',
      'When the ban happened and what the number is used for',
    ],
    followUp: { checkAfterDays: 2, followUpAfterDays: 7 },
    templates: {
      appeal: { subject: 'Request for review: {{phone_e164}} ({{app}})', body: appealBody },
      followUp: {
        subject: 'Follow-up: review of {{phone_e164}} ({{app}})',
        body: followUpBody,
      },
    },
  };
}

function webForm(url: string): PlaybookChannel {
  return {
    kind: 'web-form',
    url,
    steps: [
      'Open the contact form and choose the option for a banned account.',
      'Enter the number in full international format (E.164) and the contact e-mail.',
      'Paste the appeal text from the template into the message field and submit.',
      waitingNote,
    ],
    evidence: ['The number in full international format', 'The exact ban message'],
    followUp: { checkAfterDays: 2, followUpAfterDays: 7 },
    templates: {
      appeal: { subject: 'Banned number {{phone_e164}}', body: appealBody },
      followUp: { subject: 'Follow-up on banned number {{phone_e164}}', body: followUpBody },
    },
  };
}

const businessManager: PlaybookChannel = {
  kind: 'business-manager',
  url: 'https://business.facebook.com/accountquality',
  steps: [
    'The business owner signs in to Meta Business Manager and opens Account Quality.',
    'They select the restricted WhatsApp Business account and choose "Request review".',
    'The review must be requested within 90 days of the restriction.',
    waitingNote,
  ],
  evidence: [
    'The WhatsApp Business Account and phone number concerned',
    'How the business collects opt-in from the people it messages',
    'Examples of the messages sent',
  ],
  followUp: { checkAfterDays: 2, followUpAfterDays: 7 },
};

const contactForm = 'https://www.whatsapp.com/contact/';

export const defaultPlaybooks: Readonly<
  Record<MessagingAppId, Readonly<Record<PlaybookBanType, PlaybookContent>>>
> = {
  whatsapp: {
    permanent_ban: {
      summary:
        'A permanent ban ("This account is not allowed to use WhatsApp", with or without "due to spam"): the owner requests a review in the app first, then we write to support and use the web form.',
      channels: [
        inAppReview('WhatsApp'),
        supportEmail('WhatsApp', 'support@support.whatsapp.com'),
        webForm(contactForm),
      ],
    },
    permanent_ban_business_platform: {
      summary:
        'A WhatsApp Business Platform (API) account is reviewed in Meta Business Manager, not in the app.',
      channels: [businessManager],
    },
    temporary_ban: {
      summary:
        'A temporary ban needs no appeal: it ends when its timer runs out. If it came from an unofficial app, the owner switches to the official app.',
      channels: [],
    },
  },
  whatsapp_business: {
    permanent_ban: {
      summary:
        'A permanent ban of the WhatsApp Business app ("This account is not allowed to use WhatsApp", with or without "due to spam"): the owner requests a review in the app first, then we write to support and use the web form.',
      channels: [
        inAppReview('WhatsApp Business'),
        supportEmail('WhatsApp Business', 'smb@support.whatsapp.com'),
        webForm(contactForm),
      ],
    },
    permanent_ban_business_platform: {
      summary:
        'A WhatsApp Business Platform (API) account is reviewed in Meta Business Manager (Account Quality, "Request review", within 90 days), not in the app.',
      channels: [businessManager],
    },
    temporary_ban: {
      summary:
        'A temporary ban needs no appeal: it ends when its timer runs out. If it came from an unofficial app, the owner switches to the official app.',
      channels: [],
    },
  },
};

import type { SiteIdentity } from '@unban/contract/site-config';

// The home screen's texts that something besides the screen reads: the FAQ is also published
// as JSON-LD (FAQPage) in the prerendered page's head, so both say exactly the same. They name
// the site identity's app and repeat its claims.

type Words = Pick<SiteIdentity, 'appName' | 'appOwner' | 'claims'>;

export function homeSteps({ appName: app }: Words) {
  return [
    {
      title: 'Describe the ban',
      text: `Tell us the number, the exact message ${app} shows and when it happened. It takes a few minutes.`,
    },
    {
      title: 'Pay the fixed price',
      text: 'One all-in price, shown before you pay. No extra fees later.',
    },
    {
      title: 'We appeal through official channels',
      text: `Our team prepares and submits your appeal through ${app}'s own review channels and follows it up.`,
    },
    {
      title: 'Your number back, or your money back',
      text: 'You get your number unbanned, or a full refund if it cannot be.',
    },
  ] as const;
}

export function homeFaqs({ appName: app, appOwner, claims }: Words) {
  return [
    {
      question: 'Will you ask for my verification code or PIN?',
      answer: `Never. We do not need your SMS code, your two-step PIN or any password, and nobody from us will ask for them. Anyone who does is not us. Your account stays yours throughout.`,
    },
    {
      question: 'How long does it take?',
      answer: `${claims.duration} ${claims.speed}`,
    },
    {
      question: 'What if my number cannot be unbanned?',
      answer: `${claims.refund} The refund is issued within 5 business days and reaches your card within 5–10 business days, depending on your bank.`,
    },
    {
      question: `Are you part of ${app} or ${appOwner}?`,
      answer: `No. We are an independent service, not affiliated with ${app} or ${appOwner}. We use the same official review channels that are open to every user, and we know how to use them well.`,
    },
    {
      question: 'What do you need from me?',
      answer:
        'The banned number, the type of account (personal or business), your phone model, the exact ban message, roughly when it happened, what you use the number for, and an e-mail address where we can reach you.',
    },
  ] as const;
}

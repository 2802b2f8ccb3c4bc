import type { IntlShape } from 'react-intl';
import type { SiteIdentity } from '@unban/contract/site-config';

// The home screen's texts that something besides the screen reads: the FAQ is also published
// as JSON-LD (FAQPage) in the prerendered page's head, so both say exactly the same. They name
// the site identity's app and repeat its claims, in the active language (the identity given
// is already localized: lib/i18n/site-words).

type Words = Pick<SiteIdentity, 'appName' | 'appOwner' | 'claims'>;

export function homeSteps(intl: IntlShape, { appName: app }: Words) {
  const say = intl.formatMessage;
  return [
    {
      title: say({ id: 'home.steps.describe.title' }),
      text: say({ id: 'home.steps.describe.text' }, { app }),
    },
    { title: say({ id: 'home.steps.pay.title' }), text: say({ id: 'home.steps.pay.text' }) },
    {
      title: say({ id: 'home.steps.appeal.title' }),
      text: say({ id: 'home.steps.appeal.text' }, { app }),
    },
    {
      title: say({ id: 'home.steps.outcome.title' }),
      text: say({ id: 'home.steps.outcome.text' }),
    },
  ] as const;
}

export function homeFaqs(intl: IntlShape, { appName: app, appOwner: owner, claims }: Words) {
  const say = intl.formatMessage;
  return [
    { question: say({ id: 'home.faq.codes.q' }), answer: say({ id: 'home.faq.codes.a' }) },
    { question: say({ id: 'home.faq.time.q' }), answer: `${claims.duration} ${claims.speed}` },
    {
      question: say({ id: 'home.faq.refund.q' }),
      answer: say({ id: 'home.faq.refund.a' }, { refund: claims.refund }),
    },
    {
      question: say({ id: 'home.faq.affiliation.q' }, { app, owner }),
      answer: say({ id: 'home.faq.affiliation.a' }, { app, owner }),
    },
    { question: say({ id: 'home.faq.needs.q' }), answer: say({ id: 'home.faq.needs.a' }) },
  ] as const;
}

import { formatMoney, planList } from '@unban/contract/plans';
import type { IntlShape } from 'react-intl';
import type { SiteIdentity } from '@unban/contract/site-config';
import { localeBasePath } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { homeFaqs } from '../features/home/home-content';
import { siteTitle } from '../lib/i18n/site-words';

/**
 * schema.org data for the home page: who runs the site, the service with its plans as offers
 * (the prices the server charges, from the same plan table), and the home FAQ word for word.
 * Nothing else: no ratings or reviews, because the page shows none. In the page's language:
 * `identity` is already localized (lib/i18n/site-words), `intl` says the rest.
 */
export function homeStructuredData(
  siteUrl: string,
  identity: SiteIdentity,
  intl: IntlShape,
  locale: SupportedLocale,
): object[] {
  const { appName: app, legalEntity } = identity;
  const home = `${siteUrl}${localeBasePath(locale)}`;
  const organization = {
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: identity.brand,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icons/icon-512.png`,
    email: identity.supportEmail,
    ...(legalEntity ? { legalName: legalEntity.name, address: legalEntity.address } : {}),
  };
  const service = {
    '@type': 'Service',
    name: siteTitle(intl, identity),
    serviceType: intl.formatMessage({ id: 'pages.ld.serviceType' }, { app }),
    description: intl.formatMessage(
      { id: 'pages.ld.description' },
      { app, refund: identity.claims.refund },
    ),
    provider: { '@id': organization['@id'] },
    url: home,
    offers: planList(identity.plans).map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      description: plan.summary,
      // schema.org wants a plain decimal; formatMoney gives it with the currency's own digits.
      price: formatMoney(plan.priceMinor, plan.currency, 'en-US').replace(/[^\d.]/g, ''),
      priceCurrency: plan.currency,
      url: `${home}#/request`,
    })),
  };
  const faqPage = {
    '@type': 'FAQPage',
    mainEntity: homeFaqs(intl, identity).map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
  return [
    { '@context': 'https://schema.org', ...organization },
    { '@context': 'https://schema.org', ...service },
    { '@context': 'https://schema.org', ...faqPage },
  ];
}

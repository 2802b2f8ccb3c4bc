import { formatMoney, planList } from '@unban/contract/plans';
import { pageTitle } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { homeFaqs } from '../features/home/home-content';

/**
 * schema.org data for the home page: who runs the site, the service with its plans as offers
 * (the prices the server charges, from the same plan table), and the home FAQ word for word.
 * Nothing else: no ratings or reviews, because the page shows none.
 */
export function homeStructuredData(siteUrl: string, identity: SiteIdentity): object[] {
  const { appName, legalEntity } = identity;
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
    name: pageTitle(identity),
    serviceType: `${appName} ban appeal`,
    description: `We appeal a banned ${appName} number through the official review channels. ${identity.claims.refund}`,
    provider: { '@id': organization['@id'] },
    url: `${siteUrl}/`,
    offers: planList(identity.plans).map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      description: plan.summary,
      // schema.org wants a plain decimal; formatMoney gives it with the currency's own digits.
      price: formatMoney(plan.priceMinor, plan.currency, 'en-US').replace(/[^\d.]/g, ''),
      priceCurrency: plan.currency,
      url: `${siteUrl}/#/request`,
    })),
  };
  const faqPage = {
    '@type': 'FAQPage',
    mainEntity: homeFaqs(identity).map((faq) => ({
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

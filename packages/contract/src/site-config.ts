/**
 * What the site says about itself. Both the server (e-mails, index.html) and the
 * browser read it, so it holds nothing secret and nothing deployment-specific.
 */
export const siteConfig = {
  brand: 'Unban Desk',
  /** The messaging app the site is about; the page title is "Unban your {appName}". */
  appName: 'WhatsApp',
  locale: 'en-US',
  currency: 'USD',
  supportEmail: 'support@unbandesk.example',
  /** The four public claims of the meta description, in the order the spec lists them. */
  claims: {
    speed: 'We work as fast as possible.',
    successRate: '100% success rate.',
    duration:
      'The process takes from a few hours to a few weeks, depending on how serious the breach of the terms of service was.',
    refund: 'If your number cannot be unbanned, you get a full refund.',
  },
  chat: {
    /** Used when a site id and widget id are configured but no host is. */
    defaultHost: 'https://embed.tawk.to',
  },
} as const;

export type SiteConfig = typeof siteConfig;

export function pageTitle(appName: string = siteConfig.appName): string {
  return `Unban your ${appName}`;
}

export function metaDescription(): string {
  const { speed, successRate, duration, refund } = siteConfig.claims;
  return `Banned on ${siteConfig.appName}? We get your number unbanned through the official review channels. ${speed} ${successRate} ${duration} ${refund}`;
}

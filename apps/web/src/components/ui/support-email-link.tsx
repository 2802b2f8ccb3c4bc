import { siteConfig } from '@unban/contract/site-config';

export function SupportEmailLink() {
  return <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>;
}

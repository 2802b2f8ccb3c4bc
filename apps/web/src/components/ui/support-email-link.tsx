import { useSiteIdentity } from '../../lib/site-identity/site-identity';

export function SupportEmailLink() {
  const { supportEmail } = useSiteIdentity();
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}

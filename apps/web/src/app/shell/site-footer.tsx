import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLiveChatStatus } from '../../lib/live-chat/live-chat-status';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

export function SiteFooter() {
  const chat = useLiveChatStatus();
  const { appName, appOwner, brand } = useSiteIdentity();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>
          {chat === 'loaded' ? 'Questions? Use the chat button, or e-mail ' : 'Questions? E-mail '}
          <SupportEmailLink />.
        </p>
        {chat === 'failed' ? (
          <p role="status">Live chat is unavailable right now. Please write to us by e-mail.</p>
        ) : null}
        <p>
          Not affiliated with {appName} or {appOwner}. {appName} is a trademark of its owner.
        </p>
        <nav aria-label="Legal" className="site-footer__nav">
          <Link to={paths.terms.to()}>Terms of service</Link>
          <Link to={paths.privacy.to()}>Privacy policy</Link>
          <Link to={paths.refunds.to()}>Refund policy</Link>
        </nav>
        {/* The year of the prerender may be last year's on New Year's Eve; the browser's wins. */}
        <p className="site-footer__small" suppressHydrationWarning>
          © {new Date().getFullYear()} {brand}
        </p>
      </div>
    </footer>
  );
}

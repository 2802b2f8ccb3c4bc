import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { FormattedMessage, useIntl } from 'react-intl';
import { paths } from '../../config/paths';
import { useLiveChatStatus } from '../../lib/live-chat/live-chat-status';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

export function SiteFooter() {
  const chat = useLiveChatStatus();
  const { appName, appOwner, brand } = useSiteIdentity();
  const intl = useIntl();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>
          <FormattedMessage
            id={chat === 'loaded' ? 'shell.footer.questionsChat' : 'shell.footer.questions'}
            values={{ email: <SupportEmailLink /> }}
          />
        </p>
        {chat === 'failed' ? (
          <p role="status">
            <FormattedMessage id="shell.footer.chatFailed" />
          </p>
        ) : null}
        <p>
          <FormattedMessage
            id="shell.footer.notAffiliated"
            values={{ app: appName, owner: appOwner }}
          />
        </p>
        <nav
          aria-label={intl.formatMessage({ id: 'shell.footer.legalLabel' })}
          className="site-footer__nav"
        >
          <Link to={paths.terms.to()}>
            <FormattedMessage id="shell.footer.terms" />
          </Link>
          <Link to={paths.privacy.to()}>
            <FormattedMessage id="shell.footer.privacy" />
          </Link>
          <Link to={paths.refunds.to()}>
            <FormattedMessage id="shell.footer.refunds" />
          </Link>
        </nav>
        <LanguageSwitcher />
        {/* The year of the prerender may be last year's on New Year's Eve; the browser's wins. */}
        <p className="site-footer__small" suppressHydrationWarning>
          <FormattedMessage
            id="shell.footer.copyright"
            values={{ year: new Date().getFullYear(), brand }}
          />
        </p>
      </div>
    </footer>
  );
}

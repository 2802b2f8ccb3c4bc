import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { richText } from '../../lib/i18n/rich-text';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { LegalPage } from './legal-page';

export function TermsScreen() {
  const { brand, appName: app, appOwner: owner, claims } = useSiteIdentity();
  return (
    <LegalPage titleId="pages.terms.title">
      <p>
        <FormattedMessage id="terms.intro" values={{ brand, app }} />
      </p>

      <h2>
        <FormattedMessage id="terms.what.title" />
      </h2>
      <p>
        <FormattedMessage id="terms.what.text" values={{ app, owner, ...richText }} />
      </p>

      <h2>
        <FormattedMessage id="terms.agree.title" />
      </h2>
      <ul>
        <li>
          <FormattedMessage id="terms.agree.0" />
        </li>
        <li>
          <FormattedMessage id="terms.agree.1" />
        </li>
        <li>
          <FormattedMessage id="terms.agree.2" />
        </li>
      </ul>

      <h2>
        <FormattedMessage id="terms.never.title" />
      </h2>
      <p>
        <FormattedMessage id="terms.never.text" />
      </p>

      <h2>
        <FormattedMessage id="terms.price.title" />
      </h2>
      <p>
        <FormattedMessage id="terms.price.text" />
      </p>

      <h2>
        <FormattedMessage id="terms.guarantee.title" />
      </h2>
      <p>
        <FormattedMessage
          id="terms.guarantee.text"
          values={{ link: (text) => <Link to={paths.refunds.to()}>{text}</Link> }}
        />
      </p>

      <h2>
        <FormattedMessage id="terms.time.title" />
      </h2>
      <p>{claims.duration}</p>

      <h2>
        <FormattedMessage id="terms.liability.title" />
      </h2>
      <p>
        <FormattedMessage id="terms.liability.text" values={{ app }} />
      </p>

      <h2>
        <FormattedMessage id="terms.data.title" />
      </h2>
      <p>
        <FormattedMessage
          id="terms.data.text"
          values={{ link: (text) => <Link to={paths.privacy.to()}>{text}</Link> }}
        />
      </p>

      <h2>
        <FormattedMessage id="terms.changes.title" />
      </h2>
      <p>
        <FormattedMessage id="terms.changes.text" values={{ email: <SupportEmailLink /> }} />
      </p>
    </LegalPage>
  );
}

import { FormattedMessage } from 'react-intl';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { richText } from '../../lib/i18n/rich-text';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { LegalPage } from './legal-page';

export function RefundsScreen() {
  const { appName: app, claims } = useSiteIdentity();
  return (
    <LegalPage titleId="pages.refunds.title">
      <p className="lead">{claims.refund}</p>

      <h2>
        <FormattedMessage id="refunds.when.title" />
      </h2>
      <p>
        <FormattedMessage id="refunds.when.text" values={{ app, ...richText }} />
      </p>

      <h2>
        <FormattedMessage id="refunds.time.title" />
      </h2>
      <ul>
        <li>
          <FormattedMessage id="refunds.time.issue" />
        </li>
        <li>
          <FormattedMessage id="refunds.time.arrive" />
        </li>
      </ul>
      <p>
        <FormattedMessage id="refunds.time.email" />
      </p>

      <h2>
        <FormattedMessage id="refunds.how.title" />
      </h2>
      <p>
        <FormattedMessage id="refunds.how.text" />
      </p>

      <h2>
        <FormattedMessage id="refunds.questions.title" />
      </h2>
      <p>
        <FormattedMessage id="refunds.questions.text" values={{ email: <SupportEmailLink /> }} />
      </p>
    </LegalPage>
  );
}

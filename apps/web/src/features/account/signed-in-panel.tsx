import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AuthUser } from '../../lib/auth/auth-state';
import { signOut } from '../../lib/auth/auth';
import { richText } from '../../lib/i18n/rich-text';
import { paths } from '../../config/paths';
import type { SignInFlow } from './use-sign-in-flow';

interface SignedInPanelProps {
  user: AuthUser;
  flow: SignInFlow;
}

/** Shown instead of the sign-in methods to someone already signed in (not as a guest). */
export function SignedInPanel({ user, flow }: SignedInPanelProps) {
  const intl = useIntl();
  const account = user.email ?? user.displayName ?? intl.formatMessage({ id: 'account.noName' });
  return (
    <section
      className="sign-in__section"
      aria-label={intl.formatMessage({ id: 'account.heading' })}
    >
      <p>
        <FormattedMessage id="account.signedInAs" values={{ ...richText, account }} />
      </p>
      <div className="sign-in__actions">
        <Link to={flow.destination} className="button button--primary">
          <FormattedMessage
            id={
              flow.destination === paths.requests.to() ? 'account.goToRequests' : 'account.continue'
            }
          />
        </Link>
        <button type="button" className="button" onClick={() => void flow.run(signOut)}>
          <FormattedMessage id="account.signOut" />
        </button>
      </div>
    </section>
  );
}

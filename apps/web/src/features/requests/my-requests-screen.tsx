import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { AuthUser } from '../../lib/auth/auth-state';
import { useAuthUser } from '../../lib/auth/auth-state';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { SupportContact } from '../../components/ui/support-contact';
import { useMyRequests } from './api/get-requests';
import { RequestList } from './request-list';
import { SignInRequired } from './sign-in-required';
import { YourDataSection } from './your-data-section';
import './requests.css';

/** `#/requests`: the signed-in (possibly guest) customer's requests. */
export function MyRequestsScreen() {
  useScreenTitle('requests.title');
  const intl = useIntl();
  const auth = useAuthUser();
  // Kept here: erasing signs the browser out, which replaces the list below.
  const [erased, setErased] = useState<string | null>(null);

  if (erased !== null) {
    return (
      <div className="page">
        <h1>
          <FormattedMessage id="requests.title" />
        </h1>
        <p role="status" className="notice">
          {erased}
        </p>
        <p>
          <Link to={paths.home.to()}>
            <FormattedMessage id="requests.backHome" />
          </Link>
        </p>
      </div>
    );
  }
  if (auth.status === 'signed-out') {
    return (
      <SignInRequired
        heading={intl.formatMessage({ id: 'requests.title' })}
        next={paths.requests.to()}
      />
    );
  }
  return (
    <div className="page">
      <h1>
        <FormattedMessage id="requests.title" />
      </h1>
      {auth.status === 'loading' ? (
        <p role="status">
          <FormattedMessage id="requests.loading" />
        </p>
      ) : (
        <SignedInRequests user={auth.user} onErased={setErased} />
      )}
    </div>
  );
}

interface SignedInRequestsProps {
  user: AuthUser;
  onErased: (message: string) => void;
}

function SignedInRequests({ user, onErased }: SignedInRequestsProps) {
  const { data, error, refresh } = useMyRequests(user.uid);
  const intl = useIntl();

  return (
    <>
      {user.isAnonymous ? (
        <p className="notice">
          <FormattedMessage
            id="requests.guest"
            values={{
              link: (text) => <Link to={paths.signIn.to(paths.requests.to())}>{text}</Link>,
            }}
          />
        </p>
      ) : null}
      {/* Present from the start, so "loaded" and "failed" are announced when they replace it. */}
      <div role="status">
        {data === undefined && error === undefined ? (
          <p>
            <FormattedMessage id="requests.loading" />
          </p>
        ) : null}
        {data === undefined && error !== undefined ? (
          <p>
            <FormattedMessage id="requests.loadFailed" />
          </p>
        ) : null}
        {data?.requests.length === 0 ? (
          <p>
            <FormattedMessage id="requests.none" />
          </p>
        ) : null}
      </div>
      {data === undefined && error !== undefined ? (
        <p>
          <button type="button" className="button button--primary" onClick={() => void refresh()}>
            <FormattedMessage id="requests.tryAgain" />
          </button>
        </p>
      ) : null}
      {data && data.requests.length > 0 ? <RequestList requests={data.requests} /> : null}
      <p className="requests__actions">
        <Link
          to={paths.request.to()}
          className={data?.requests.length === 0 ? 'button button--primary' : 'button'}
        >
          <FormattedMessage id="requests.start" />
        </Link>
      </p>
      <YourDataSection onErased={onErased} />
      <SupportContact about={intl.formatMessage({ id: 'requests.withReference' })} />
    </>
  );
}

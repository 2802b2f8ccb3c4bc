import { useState } from 'react';
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

const HEADING = 'My requests';

/** `#/requests`: the signed-in (possibly guest) customer's requests. */
export function MyRequestsScreen() {
  useScreenTitle(HEADING);
  const auth = useAuthUser();
  // Kept here: erasing signs the browser out, which replaces the list below.
  const [erased, setErased] = useState<string | null>(null);

  if (erased !== null) {
    return (
      <div className="page">
        <h1>{HEADING}</h1>
        <p role="status" className="notice">
          {erased}
        </p>
        <p>
          <Link to={paths.home.to()}>Back to the home page</Link>
        </p>
      </div>
    );
  }
  if (auth.status === 'signed-out') {
    return <SignInRequired heading={HEADING} next={paths.requests.to()} />;
  }
  return (
    <div className="page">
      <h1>{HEADING}</h1>
      {auth.status === 'loading' ? (
        <p role="status">Loading your requests…</p>
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

  return (
    <>
      {user.isAnonymous ? (
        <p className="notice">
          You are using a guest session in this browser.{' '}
          <Link to={paths.signIn.to(paths.requests.to())}>Sign in to keep your requests</Link> on
          other devices and after signing out.
        </p>
      ) : null}
      {/* Present from the start, so "loaded" and "failed" are announced when they replace it. */}
      <div role="status">
        {data === undefined && error === undefined ? <p>Loading your requests…</p> : null}
        {data === undefined && error !== undefined ? (
          <p>We couldn&apos;t load your requests. Check your connection and try again.</p>
        ) : null}
        {data?.requests.length === 0 ? <p>You have no requests yet.</p> : null}
      </div>
      {data === undefined && error !== undefined ? (
        <p>
          <button type="button" className="button button--primary" onClick={() => void refresh()}>
            Try again
          </button>
        </p>
      ) : null}
      {data && data.requests.length > 0 ? <RequestList requests={data.requests} /> : null}
      <p className="requests__actions">
        <Link
          to={paths.request.to()}
          className={data?.requests.length === 0 ? 'button button--primary' : 'button'}
        >
          Start a request
        </Link>
      </p>
      <YourDataSection onErased={onErased} />
      <SupportContact about="with the reference of your request" />
    </>
  );
}

import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { getMessagingApp } from '@unban/contract/messaging-apps';
import type { RequestDetail } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { useAuthUser } from '../../lib/auth/auth-state';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { LocalTime } from '../../components/ui/local-time';
import { SupportContact } from '../../components/ui/support-contact';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { isRequestNotFound, useRequest } from './api/get-request';
import { CaseAnswers } from './case-answers';
import { CaseEvidence } from './case-evidence';
import { CasePayment } from './case-payment';
import { CaseOutcome, CaseStatus } from './case-status';
import { CaseTimeline } from './case-timeline';
import { CancelRequestPanel } from './cancel-request-panel';
import { NeedsInfoBanner } from './needs-info-banner';
import { OwnerReviewPanel } from './owner-review-panel';
import { SignInRequired } from './sign-in-required';
import './requests.css';

const HEADING = 'Your request';

/** `#/requests/:id`: one case, kept up to date while the page is open. */
export function CaseScreen() {
  const { id = '' } = useParams();
  const auth = useAuthUser();
  useScreenTitle(HEADING);

  if (auth.status === 'signed-out') {
    return <SignInRequired heading={HEADING} next={paths.requestDetail.to(id)} />;
  }
  return <CaseLoader id={id} uid={auth.status === 'signed-in' ? auth.user.uid : null} />;
}

function CaseLoader({ id, uid }: { id: string; uid: string | null }) {
  const { data, error, refresh } = useRequest(id, uid);

  if (data) {
    return <CaseView request={data} refresh={refresh} refreshFailed={error !== undefined} />;
  }
  if (error !== undefined && isRequestNotFound(error)) {
    return (
      <div className="page">
        <h1>We couldn&apos;t find this request</h1>
        <p>
          There is no request at this address for your account. The link may be incomplete, or the
          request was sent from another account.
        </p>
        <p>
          <Link to={paths.requests.to()} className="button button--primary">
            Go to My requests
          </Link>
        </p>
        <p>
          Still stuck? E-mail <SupportEmailLink /> with your reference and we will look it up.
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>{HEADING}</h1>
      <div role="status">
        {error === undefined ? (
          <p>Loading your request…</p>
        ) : (
          <p>We couldn&apos;t load your request. Check your connection and try again.</p>
        )}
      </div>
      {error !== undefined ? (
        <p>
          <button type="button" className="button button--primary" onClick={() => void refresh()}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}

interface CaseViewProps {
  request: RequestDetail;
  refresh: () => Promise<void>;
  refreshFailed: boolean;
}

function CaseView({ request, refresh, refreshFailed }: CaseViewProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const reload = () => void refresh();

  return (
    <div className="page case-page">
      <nav aria-label="Breadcrumb">
        <Link to={paths.requests.to()}>My requests</Link>
      </nav>
      <h1>Request {request.reference}</h1>
      <p className="muted">
        {getMessagingApp(request.messagingApp).name} · {request.phoneMasked} · sent{' '}
        <LocalTime value={request.createdAt} format="date" />
      </p>
      {/* Outside the banner, which goes away once the reply moves the case on. */}
      <div role="status" aria-live="polite">
        {notice ? <p className="notice">{notice}</p> : null}
      </div>
      {refreshFailed ? (
        <p className="muted">
          We couldn&apos;t refresh this page just now. We keep trying; what you see may be a little
          out of date.
        </p>
      ) : null}
      <CaseOutcome state={request.caseState} />
      {request.caseState === 'needs_info' ? (
        <NeedsInfoBanner
          request={request}
          onSent={() => {
            setNotice('Thank you, your reply was sent. The operator continues with your case.');
            reload();
          }}
          onStale={reload}
        />
      ) : null}
      <OwnerReviewPanel
        request={request}
        onConfirmed={(message) => {
          setNotice(message);
          reload();
        }}
        onStale={(message) => {
          setNotice(message);
          reload();
        }}
      />
      <CaseStatus request={request} />
      <CasePayment request={request} onStale={reload} />
      <CancelRequestPanel
        request={request}
        onDone={(message) => {
          setNotice(message);
          reload();
        }}
        onStale={reload}
      />
      <CaseTimeline entries={request.timeline} />
      <CaseAnswers answers={request.answers} />
      <CaseEvidence request={request} />
      <SupportContact about={`and mention ${request.reference}`} />
    </div>
  );
}

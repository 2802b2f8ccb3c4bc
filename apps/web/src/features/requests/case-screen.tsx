import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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

/** `#/requests/:id`: one case, kept up to date while the page is open. */
export function CaseScreen() {
  const { id = '' } = useParams();
  const auth = useAuthUser();
  useScreenTitle('case.title');
  const intl = useIntl();

  if (auth.status === 'signed-out') {
    return (
      <SignInRequired
        heading={intl.formatMessage({ id: 'case.title' })}
        next={paths.requestDetail.to(id)}
      />
    );
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
        <h1>
          <FormattedMessage id="case.notFound.title" />
        </h1>
        <p>
          <FormattedMessage id="case.notFound.text" />
        </p>
        <p>
          <Link to={paths.requests.to()} className="button button--primary">
            <FormattedMessage id="case.notFound.toList" />
          </Link>
        </p>
        <p>
          <FormattedMessage id="case.notFound.stuck" values={{ email: <SupportEmailLink /> }} />
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>
        <FormattedMessage id="case.title" />
      </h1>
      <div role="status">
        {error === undefined ? (
          <p>
            <FormattedMessage id="case.loading" />
          </p>
        ) : (
          <p>
            <FormattedMessage id="case.loadFailed" />
          </p>
        )}
      </div>
      {error !== undefined ? (
        <p>
          <button type="button" className="button button--primary" onClick={() => void refresh()}>
            <FormattedMessage id="case.tryAgain" />
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
  const intl = useIntl();
  const reload = () => void refresh();

  return (
    <div className="page case-page">
      <nav aria-label={intl.formatMessage({ id: 'case.breadcrumb' })}>
        <Link to={paths.requests.to()}>
          <FormattedMessage id="requests.title" />
        </Link>
      </nav>
      <h1>
        <FormattedMessage id="case.heading" values={{ reference: request.reference }} />
      </h1>
      <p className="muted">
        <FormattedMessage
          id="case.sent"
          values={{
            app: getMessagingApp(request.messagingApp).name,
            phone: request.phoneMasked,
            date: <LocalTime value={request.createdAt} format="date" />,
          }}
        />
      </p>
      {/* Outside the banner, which goes away once the reply moves the case on. */}
      <div role="status" aria-live="polite">
        {notice ? <p className="notice">{notice}</p> : null}
      </div>
      {refreshFailed ? (
        <p className="muted">
          <FormattedMessage id="case.refreshFailed" />
        </p>
      ) : null}
      <CaseOutcome state={request.caseState} />
      {request.caseState === 'needs_info' ? (
        <NeedsInfoBanner
          request={request}
          onSent={() => {
            setNotice(intl.formatMessage({ id: 'case.replySent' }));
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
      <CaseTimeline entries={request.timeline} plan={request.plan} />
      <CaseAnswers answers={request.answers} />
      <CaseEvidence request={request} />
      <SupportContact
        about={intl.formatMessage({ id: 'case.mention' }, { reference: request.reference })}
      />
    </div>
  );
}

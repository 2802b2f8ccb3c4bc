import { Link, useParams } from 'react-router';
import type { AdminCase } from '@unban/contract/admin';
import { getMessagingApp } from '@unban/contract/messaging-apps';
import { formatMoney } from '@unban/contract/plans';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api/api-client';
import { useEnglishScreenTitle } from '../../lib/browser/use-document-title';
import { LocalTime } from '../../components/ui/local-time';
import { ReplyDue } from '../../components/ui/reply-due';
import { StatusBadge } from '../../components/ui/status-badge';
import { caseStateTone, paymentStateTone } from '../../components/ui/state-tones';
import { customerLanguageLabel } from './customer-language';
import { useAdminContext } from './admin-layout';
import { CaseAppeals } from './case-appeals';
import { CaseAssignment } from './case-assignment';
import { AdminCaseEvidence } from './case-evidence';
import { CaseAnswersList, CasePaymentsTable, CaseTimelineList } from './case-details';
import { CaseNoteForm } from './case-note-form';
import { CaseRefundForm } from './case-refund-form';
import { CaseTransitionForm } from './case-transition-form';
import { useAdminCase } from './api/get-case';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** The plan's reply deadline: the exact time, and how long is left or how late it is. */
function CaseReplyDue({ replyDueAt }: { replyDueAt: string | null }) {
  if (replyDueAt === null) return <p>No operator reply is owed on this case now.</p>;
  return (
    <p>
      Reply due by <LocalTime value={replyDueAt} /> (<ReplyDue value={replyDueAt} />)
    </p>
  );
}

/** `#/admin/requests/:id`: one case with everything an operator can do to it. */
export function AdminCaseScreen() {
  const { id = '' } = useParams();
  const session = useAdminContext();
  const { data, error, refresh, replace } = useAdminCase(id);
  useEnglishScreenTitle(data ? `Case ${data.reference}` : 'Case');

  if (data === undefined) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <>
        <nav aria-label="Breadcrumb">
          <Link to={paths.admin.to()}>Queue</Link>
        </nav>
        <h1>Case</h1>
        <div role="status">
          {error === undefined ? (
            <p>Loading the case…</p>
          ) : notFound ? (
            <p>There is no request with this id.</p>
          ) : (
            <p className="admin-error">We couldn&apos;t load the case.</p>
          )}
        </div>
        {error !== undefined && !notFound ? (
          <button type="button" className="button" onClick={() => void refresh()}>
            Try again
          </button>
        ) : null}
      </>
    );
  }

  return (
    <CaseView
      adminCase={data}
      myUid={session.uid}
      onDone={replace}
      onReload={() => void refresh()}
    />
  );
}

interface CaseViewProps {
  adminCase: AdminCase;
  myUid: string;
  onDone: (next: AdminCase) => void;
  onReload: () => void;
}

function CaseView({ adminCase, myUid, onDone, onReload }: CaseViewProps) {
  const { plans } = useSiteIdentity();
  const actions = { adminCase, onDone, onReload };
  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to={paths.admin.to()}>Queue</Link>
      </nav>
      <h1>Case {adminCase.reference}</h1>
      <p>
        <StatusBadge tone={caseStateTone[adminCase.caseState]}>
          {adminCase.caseStateLabel}
        </StatusBadge>{' '}
        <StatusBadge tone={paymentStateTone[adminCase.paymentState]}>
          {adminCase.paymentStateLabel}
        </StatusBadge>
      </p>
      <p className="muted">
        {getMessagingApp(adminCase.messagingApp).name} · {plans[adminCase.plan].name} ·{' '}
        {formatMoney(adminCase.priceMinor, adminCase.currency)} · {adminCase.contactEmail} · created{' '}
        <LocalTime value={adminCase.createdAt} /> · version {adminCase.version}
      </p>
      <p>
        Customer&apos;s language:{' '}
        <span lang={adminCase.locale}>{customerLanguageLabel(adminCase.locale)}</span>
      </p>
      <CaseReplyDue replyDueAt={adminCase.replyDueAt} />
      <p>
        <button type="button" className="button" onClick={onReload}>
          Reload
        </button>
      </p>
      <section aria-labelledby="admin-assignment">
        <h2 id="admin-assignment">Assignment</h2>
        <CaseAssignment {...actions} myUid={myUid} />
      </section>
      <section aria-labelledby="admin-move">
        <h2 id="admin-move">Move the case</h2>
        <CaseTransitionForm {...actions} />
      </section>
      <section aria-labelledby="admin-appeals">
        <h2 id="admin-appeals">Appeals</h2>
        <CaseAppeals adminCase={adminCase} onCaseChanged={onReload} />
      </section>
      <section aria-labelledby="admin-note">
        <h2 id="admin-note">Add a note</h2>
        <CaseNoteForm {...actions} />
      </section>
      <section aria-labelledby="admin-refund">
        <h2 id="admin-refund">Refund</h2>
        <CaseRefundForm {...actions} />
      </section>
      <CasePaymentsTable adminCase={adminCase} />
      <CaseTimelineList adminCase={adminCase} />
      <CaseAnswersList adminCase={adminCase} />
      <AdminCaseEvidence requestId={adminCase.id} />
    </>
  );
}

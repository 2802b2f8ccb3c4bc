import type { AdminCase } from '@unban/contract/admin';
import { replyOutcomeLabels } from '@unban/contract/appeals';
import type { AppealWorkbench } from '@unban/contract/appeals';
import { channelKindLabels, playbookBanTypeLabels } from '@unban/contract/playbooks';
import { LocalTime } from '../../components/ui/local-time';
import { useAppealWorkbench } from './api/appeals';
import { AppealForm } from './appeal-form';
import { OwnerReviewSection } from './owner-review-section';
import { DecideReplyForm, PasteReplyForm } from './platform-reply-forms';

interface CaseAppealsProps {
  adminCase: AdminCase;
  /** Loads the case again: an appeal or an outcome may have moved it. */
  onCaseChanged: () => void;
}

/**
 * The appeal workbench of the case view: draft and send (or record) appeals and follow-ups
 * from the case's playbook version, see what went out and when to follow up, and record the
 * platform's replies and their outcome.
 */
export function CaseAppeals({ adminCase, onCaseChanged }: CaseAppealsProps) {
  const { data, error, refresh } = useAppealWorkbench(adminCase.id, adminCase.version);

  if (data === undefined) {
    return (
      <div role="status">
        {error === undefined ? (
          <p>Loading the appeals…</p>
        ) : (
          <p className="admin-error">We couldn&apos;t load the appeals.</p>
        )}
      </div>
    );
  }

  // The case's version moves with every action; reading the case again reloads this too.
  const onDone = (_next: AppealWorkbench) => onCaseChanged();
  const onReload = () => {
    onCaseChanged();
    void refresh();
  };
  const props = { requestId: adminCase.id, onDone, onReload };

  return (
    <>
      <p>
        Playbook: {playbookBanTypeLabels[data.playbook.banType]}, version {data.playbook.version}.{' '}
        {data.playbook.summary}
      </p>
      {data.platformReplied ? (
        <p role="status" className="admin-alert">
          The platform replied: decide its outcome below.
        </p>
      ) : null}
      {data.followUpDueAt !== null && !data.platformReplied ? (
        <p>
          Next follow-up due <LocalTime value={data.followUpDueAt} />.
        </p>
      ) : null}
      {data.ownerReview ? (
        <OwnerReviewSection
          key={`owner-review-${data.ownerReview.requests.length}`}
          requestId={adminCase.id}
          ownerReview={data.ownerReview}
          caseVersion={data.caseVersion}
          onDone={onDone}
          onReload={onReload}
        />
      ) : null}
      {data.canSubmit ? (
        <AppealForm
          key={`${data.appeals.length}`}
          requestId={adminCase.id}
          workbench={data}
          onDone={onDone}
          onReload={onReload}
        />
      ) : (
        <p>Appeals are sent while the case is in review or its appeal is with the platform.</p>
      )}
      <h3>Appeals sent</h3>
      {data.appeals.length === 0 ? (
        <p>No appeal yet.</p>
      ) : (
        <ol className="admin-appeals" aria-label="Appeals sent">
          {[...data.appeals].reverse().map((appeal) => (
            <li key={appeal.id}>
              <p>
                <strong>{appeal.kind === 'appeal' ? 'Appeal' : 'Follow-up'}</strong> through{' '}
                {channelKindLabels[appeal.channelKind]},{' '}
                {appeal.delivery === 'email'
                  ? `sent by e-mail to ${appeal.sentTo ?? ''}`
                  : 'recorded (submitted elsewhere)'}
                , <LocalTime value={appeal.submittedAt} />, by {appeal.operatorUid} (playbook
                version {appeal.playbookVersion}).
              </p>
              {appeal.replyTo ? <p className="muted">Answers go to {appeal.replyTo}.</p> : null}
              <p className="muted">
                Look for an answer from <LocalTime value={appeal.checkAt} />
                {appeal.nextFollowUpAt === null ? (
                  '; no follow-up owed.'
                ) : (
                  <>
                    ; follow up from <LocalTime value={appeal.nextFollowUpAt} />.
                  </>
                )}
              </p>
              <details>
                <summary>{appeal.subject}</summary>
                <p className="admin-mail-text">{appeal.body}</p>
              </details>
            </li>
          ))}
        </ol>
      )}
      <h3>Platform replies</h3>
      {data.replies.length === 0 ? (
        <p>No reply recorded.</p>
      ) : (
        <ol className="admin-appeals" aria-label="Platform replies">
          {data.replies.map((reply) => (
            <li key={reply.id}>
              <p>
                <strong>{reply.subject ?? 'Reply'}</strong>{' '}
                {reply.source === 'inbound' ? 'received by e-mail' : 'pasted'}
                {reply.from ? ` from ${reply.from}` : ''}, <LocalTime value={reply.receivedAt} />
                {reply.outcome ? `: ${replyOutcomeLabels[reply.outcome]}` : ': not decided yet'}.
              </p>
              <p className="admin-mail-text">{reply.body}</p>
              {reply.outcome === null ? <DecideReplyForm {...props} reply={reply} /> : null}
            </li>
          ))}
        </ol>
      )}
      {data.appeals.length > 0 ? (
        <details>
          <summary>Record a reply that came another way</summary>
          <PasteReplyForm {...props} />
        </details>
      ) : null}
    </>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useEnglishScreenTitle } from '../../lib/browser/use-document-title';
import { LocalTime } from '../../components/ui/local-time';
import { useMailbox } from './api/get-mailbox';
import { requeueEmail } from './api/requeue-email';
import { ActionError } from './action-error';

/** `#/admin/mailbox`: the e-mails customers were sent, newest first, and those that failed. */
export function MailboxScreen() {
  useEnglishScreenTitle('Mailbox');
  const { data, error, refresh } = useMailbox();
  const [sendingAgain, setSendingAgain] = useState<string | null>(null);
  const [requeueError, setRequeueError] = useState<unknown>(null);
  const [requeued, setRequeued] = useState<string | null>(null);

  const sendAgain = async (id: string, recipient: string) => {
    setRequeueError(null);
    setRequeued(null);
    setSendingAgain(id);
    try {
      await requeueEmail(id);
      setRequeued(`The e-mail to ${recipient} is queued to be sent again.`);
      void refresh();
    } catch (caught) {
      setRequeueError(caught);
    } finally {
      setSendingAgain(null);
    }
  };

  return (
    <>
      <h1>Mailbox</h1>
      <p>
        <button type="button" className="button" onClick={() => void refresh()}>
          Refresh
        </button>
      </p>
      <div role="status">
        {data === undefined && error === undefined ? <p>Loading the mailbox…</p> : null}
        {error !== undefined ? (
          <p className="admin-error">We couldn&apos;t load the mailbox.</p>
        ) : null}
        {requeued ? <p>{requeued}</p> : null}
      </div>
      {requeueError !== null ? (
        <ActionError error={requeueError} onReload={() => void refresh()} />
      ) : null}
      {data && data.failed.length > 0 ? (
        <section aria-labelledby="mailbox-failed">
          <h2 id="mailbox-failed">Could not be sent</h2>
          <ul>
            {data.failed.map((email) => (
              <li key={email.id}>
                {email.to ?? 'Unknown recipient'} · {email.kind} ·{' '}
                {email.requestId && email.reference ? (
                  <Link to={paths.adminRequest.to(email.requestId)}>{email.reference}</Link>
                ) : (
                  'no case'
                )}{' '}
                · {email.attempts} tries · <LocalTime value={email.createdAt} />{' '}
                <button
                  type="button"
                  className="button"
                  disabled={sendingAgain !== null}
                  aria-label={`Send again to ${email.to ?? 'unknown recipient'}`}
                  onClick={() => void sendAgain(email.id, email.to ?? 'unknown recipient')}
                >
                  Send again
                </button>
                {email.lastError ? <p className="muted">{email.lastError}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data ? (
        <section aria-labelledby="mailbox-sent">
          <h2 id="mailbox-sent">Recent messages</h2>
          {data.messages.length === 0 ? <p>No messages yet.</p> : null}
          <ul>
            {data.messages.map((message) => (
              <li key={message.id}>
                <details>
                  <summary>
                    {message.subject} — to {message.to} · <LocalTime value={message.createdAt} />
                  </summary>
                  <pre className="admin-mail-text">{message.text}</pre>
                  {message.requestId ? (
                    <Link to={paths.adminRequest.to(message.requestId)}>Open the case</Link>
                  ) : null}
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

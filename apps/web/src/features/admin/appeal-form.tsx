import type { FormEvent } from 'react';
import { useState } from 'react';
import { appealLimits } from '@unban/contract/appeals';
import type { AppealKind, AppealWorkbench, WorkbenchChannel } from '@unban/contract/appeals';
import { submitAppeal } from './api/appeals';
import { ActionError } from './action-error';

interface AppealFormProps {
  requestId: string;
  workbench: AppealWorkbench;
  onDone: (next: AppealWorkbench) => void;
  onReload: () => void;
}

function channelName(channel: WorkbenchChannel): string {
  const where = channel.address ?? channel.url;
  return where ? `${channel.label} (${where})` : channel.label;
}

/**
 * Drafts an appeal or follow-up from the chosen channel's template, filled from the case;
 * the operator edits it, then sends it from the product (a support e-mail) or records that
 * it was submitted elsewhere (the web form, Business Manager).
 */
export function AppealForm({ requestId, workbench, onDone, onReload }: AppealFormProps) {
  const [channelIndex, setChannelIndex] = useState(workbench.channels[0]?.index ?? 0);
  const channel = workbench.channels.find((c) => c.index === channelIndex);
  const hasAppealHere = workbench.appeals.some((a) => a.channelIndex === channelIndex);
  const [kind, setKind] = useState<AppealKind>('appeal');
  const [subject, setSubject] = useState(channel?.drafts.appeal.subject ?? '');
  const [body, setBody] = useState(channel?.drafts.appeal.body ?? '');
  const [record, setRecord] = useState(!channel?.canSend);
  const [submittedAt, setSubmittedAt] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  if (!channel) return <p>This playbook has no channel an operator submits through.</p>;

  /** A new channel or kind starts from its own draft. */
  const redraft = (index: number, nextKind: AppealKind) => {
    const next = workbench.channels.find((c) => c.index === index);
    if (!next) return;
    setChannelIndex(index);
    setKind(nextKind);
    setSubject(next.drafts[nextKind].subject);
    setBody(next.drafts[nextKind].body);
    setRecord(!next.canSend);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const next = await submitAppeal(requestId, {
        channelIndex,
        kind,
        delivery: record ? 'recorded' : 'email',
        subject,
        body,
        ...(record && submittedAt ? { submittedAt: new Date(submittedAt).toISOString() } : {}),
        expectedVersion: workbench.caseVersion,
      });
      onDone(next);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const what = kind === 'appeal' ? 'appeal' : 'follow-up';
  return (
    <form
      className="admin-form"
      aria-label="Draft an appeal"
      onSubmit={(event) => void onSubmit(event)}
    >
      <label>
        Channel
        <select
          name="channel"
          value={channelIndex}
          onChange={(event) => redraft(Number(event.target.value), 'appeal')}
        >
          {workbench.channels.map((c) => (
            <option key={c.index} value={c.index}>
              {channelName(c)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Kind
        <select
          name="kind"
          value={kind}
          onChange={(event) => redraft(channelIndex, event.target.value as AppealKind)}
        >
          <option value="appeal">Appeal</option>
          <option value="follow_up" disabled={!hasAppealHere}>
            Follow-up{hasAppealHere ? '' : ' (after an appeal through this channel)'}
          </option>
        </select>
      </label>
      <details>
        <summary>Steps and evidence for this channel</summary>
        <ol>
          {channel.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {channel.evidence.length > 0 ? (
          <ul aria-label="Evidence that helps">
            {channel.evidence.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : null}
        <p>
          Look for an answer after {channel.checkAfterDays} days; follow up after{' '}
          {channel.followUpAfterDays}.
        </p>
      </details>
      <label>
        Subject
        <input
          name="subject"
          value={subject}
          maxLength={appealLimits.subject}
          required
          onChange={(event) => setSubject(event.target.value)}
        />
      </label>
      <label>
        Text
        <textarea
          name="body"
          rows={12}
          value={body}
          maxLength={appealLimits.body}
          required
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      {channel.canSend ? (
        <label>
          <input
            type="checkbox"
            name="record"
            checked={record}
            onChange={(event) => setRecord(event.target.checked)}
          />{' '}
          I submitted it elsewhere: record it instead of sending
        </label>
      ) : (
        <p>This channel is not an e-mail address: submit the text there, then record it here.</p>
      )}
      {record ? (
        <label>
          Submitted at (empty: now)
          <input
            type="datetime-local"
            name="submittedAt"
            value={submittedAt}
            onChange={(event) => setSubmittedAt(event.target.value)}
          />
        </label>
      ) : (
        <p className="muted">
          Sent from the support address
          {workbench.replyRouting === 'case-address'
            ? '; the platform’s answer comes back to this case.'
            : '; answers reach the support inbox: paste them here.'}
        </p>
      )}
      {error !== null ? <ActionError error={error} onReload={onReload} /> : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {record ? `Record the ${what}` : `Send the ${what}`}
      </button>
    </form>
  );
}

import type { FormEvent } from 'react';
import { useState } from 'react';
import { appealLimits, replyOutcomeLabels, replyOutcomes } from '@unban/contract/appeals';
import type { AppealWorkbench, PlatformReply, ReplyOutcome } from '@unban/contract/appeals';
import { decidePlatformReply, pastePlatformReply } from './api/appeals';
import { ActionError } from './action-error';

interface ReplyFormProps {
  requestId: string;
  onDone: (next: AppealWorkbench) => void;
  onReload: () => void;
}

/** What each outcome does to the case, said next to the choice. */
const outcomeEffects: Readonly<Record<ReplyOutcome, string>> = {
  restored: 'the case becomes unbanned',
  ban_kept: 'the case is denied and refunded in full',
  other: 'recorded only',
};

function OutcomeSelect(props: { value: ReplyOutcome | ''; onChange: (v: ReplyOutcome) => void }) {
  return (
    <label>
      Outcome
      <select
        name="outcome"
        value={props.value}
        required
        onChange={(event) => props.onChange(event.target.value as ReplyOutcome)}
      >
        <option value="" disabled>
          Choose what the reply says
        </option>
        {replyOutcomes.map((outcome) => (
          <option key={outcome} value={outcome}>
            {replyOutcomeLabels[outcome]} ({outcomeEffects[outcome]})
          </option>
        ))}
      </select>
    </label>
  );
}

/** A received reply waiting for an operator: the suggestion is preselected, never applied. */
export function DecideReplyForm({
  requestId,
  reply,
  onDone,
  onReload,
}: ReplyFormProps & { reply: PlatformReply }) {
  const [outcome, setOutcome] = useState<ReplyOutcome | ''>(reply.suggestedOutcome ?? '');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome === '') return;
    setError(null);
    setBusy(true);
    try {
      onDone(await decidePlatformReply(requestId, reply.id, { outcome }));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="admin-form"
      aria-label="Decide the reply"
      onSubmit={(event) => void onSubmit(event)}
    >
      {reply.suggestedOutcome ? (
        <p>Suggested from its wording: {replyOutcomeLabels[reply.suggestedOutcome]}. Check it.</p>
      ) : null}
      <OutcomeSelect value={outcome} onChange={setOutcome} />
      {error !== null ? <ActionError error={error} onReload={onReload} /> : null}
      <button type="submit" className="button button--primary" disabled={busy || outcome === ''}>
        Record the outcome
      </button>
    </form>
  );
}

/** The platform answered somewhere we do not receive (the support inbox, the phone): paste it. */
export function PasteReplyForm({ requestId, onDone, onReload }: ReplyFormProps) {
  const [from, setFrom] = useState('');
  const [body, setBody] = useState('');
  const [outcome, setOutcome] = useState<ReplyOutcome | ''>('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome === '') return;
    setError(null);
    setBusy(true);
    try {
      onDone(await pastePlatformReply(requestId, { from, body, outcome }));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="admin-form"
      aria-label="Record a reply"
      onSubmit={(event) => void onSubmit(event)}
    >
      <label>
        From (optional)
        <input
          name="from"
          value={from}
          maxLength={appealLimits.from}
          onChange={(event) => setFrom(event.target.value)}
        />
      </label>
      <label>
        Reply text
        <textarea
          name="reply"
          value={body}
          maxLength={appealLimits.reply}
          required
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      <OutcomeSelect value={outcome} onChange={setOutcome} />
      {error !== null ? <ActionError error={error} onReload={onReload} /> : null}
      <button
        type="submit"
        className="button"
        disabled={busy || outcome === '' || body.trim() === ''}
      >
        Record the reply
      </button>
    </form>
  );
}

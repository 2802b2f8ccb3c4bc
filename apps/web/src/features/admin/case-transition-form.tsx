import type { FormEvent } from 'react';
import { useState } from 'react';
import type { AdminCase } from '@unban/contract/admin';
import { adminLimits } from '@unban/contract/admin';
import type { CaseState } from '@unban/contract/case-states';
import { caseStateInfo } from '@unban/contract/case-states';
import { moveCase } from './api/case-actions';
import { ActionError } from './action-error';

interface CaseTransitionFormProps {
  adminCase: AdminCase;
  onDone: (next: AdminCase) => void;
  onReload: () => void;
}

/** Moves the case to one of the states the server allows from here. */
export function CaseTransitionForm({ adminCase, onDone, onReload }: CaseTransitionFormProps) {
  const options = adminCase.allowedNextStates;
  const [to, setTo] = useState<CaseState | ''>('');
  const [message, setMessage] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [missingMessage, setMissingMessage] = useState(false);
  const [busy, setBusy] = useState(false);

  if (options.length === 0) {
    return <p>This case cannot be moved any further.</p>;
  }

  const asksForInformation = to === 'needs_info';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (to === '') return;
    if (asksForInformation && message.trim() === '') {
      setMissingMessage(true);
      return;
    }
    setMissingMessage(false);
    setError(null);
    setBusy(true);
    try {
      const next = await moveCase(adminCase.id, {
        to,
        expectedVersion: adminCase.version,
        messageToCustomer: message,
        internalNote: note,
      });
      setTo('');
      setMessage('');
      setNote('');
      onDone(next);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="admin-form"
      aria-label="Move the case"
      onSubmit={(event) => void onSubmit(event)}
    >
      <label>
        New state
        <select
          name="to"
          required
          value={to}
          onChange={(event) => setTo(event.target.value as CaseState | '')}
        >
          <option value="">Choose a state</option>
          {options.map((state) => (
            <option key={state} value={state}>
              {state === 'needs_info' ? 'Ask for information' : caseStateInfo[state].label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {asksForInformation ? 'Question for the customer (required)' : 'Message to the customer'}
        <textarea
          name="message"
          value={message}
          maxLength={adminLimits.message}
          aria-invalid={missingMessage}
          aria-describedby={missingMessage ? 'transition-message-error' : undefined}
          onChange={(event) => setMessage(event.target.value)}
        />
      </label>
      {missingMessage ? (
        <p id="transition-message-error" className="admin-error">
          Write the question the customer must answer.
        </p>
      ) : null}
      <label>
        Internal note
        <textarea
          name="note"
          value={note}
          maxLength={adminLimits.note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      {error !== null ? <ActionError error={error} onReload={onReload} /> : null}
      <button type="submit" className="button button--primary" disabled={busy || to === ''}>
        Move the case
      </button>
    </form>
  );
}

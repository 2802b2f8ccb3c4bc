import type { FormEvent } from 'react';
import { useState } from 'react';
import type { AdminCase } from '@unban/contract/admin';
import { adminLimits } from '@unban/contract/admin';
import { addCaseNote } from './api/case-actions';
import { ActionError } from './action-error';

interface CaseNoteFormProps {
  adminCase: AdminCase;
  onDone: (next: AdminCase) => void;
  onReload: () => void;
}

/** A timeline entry without a state change: an internal note, a message, or both. */
export function CaseNoteForm({ adminCase, onDone, onReload }: CaseNoteFormProps) {
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const empty = note.trim() === '' && message.trim() === '';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const next = await addCaseNote(adminCase.id, {
        internalNote: note,
        messageToCustomer: message,
      });
      setNote('');
      setMessage('');
      onDone(next);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form" aria-label="Add a note" onSubmit={(event) => void onSubmit(event)}>
      <label>
        Internal note
        <textarea
          name="note"
          value={note}
          maxLength={adminLimits.note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <label>
        Message to the customer (optional)
        <textarea
          name="message"
          value={message}
          maxLength={adminLimits.message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </label>
      {error !== null ? <ActionError error={error} onReload={onReload} /> : null}
      <button type="submit" className="button" disabled={busy || empty}>
        Add to the timeline
      </button>
    </form>
  );
}

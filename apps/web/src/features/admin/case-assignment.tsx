import { useState } from 'react';
import type { AdminCase } from '@unban/contract/admin';
import { assignCase } from './api/case-actions';
import { ActionError } from './action-error';

interface CaseAssignmentProps {
  adminCase: AdminCase;
  myUid: string;
  onDone: (next: AdminCase) => void;
  onReload: () => void;
}

/** Who works on the case; an operator takes it or gives it back to the shared queue. */
export function CaseAssignment({ adminCase, myUid, onDone, onReload }: CaseAssignmentProps) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const assigned = adminCase.assignedOperatorUid;

  const assign = async (operatorUid: string | null) => {
    setError(null);
    setBusy(true);
    try {
      onDone(await assignCase(adminCase.id, { operatorUid, expectedVersion: adminCase.version }));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <p>
        {assigned === null
          ? 'Nobody is assigned: the case is in the shared queue.'
          : assigned === myUid
            ? 'Assigned to you.'
            : `Assigned to operator ${assigned}.`}
      </p>
      <p>
        {assigned !== myUid ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void assign(myUid)}
          >
            Assign to me
          </button>
        ) : null}{' '}
        {assigned !== null ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void assign(null)}
          >
            Unassign
          </button>
        ) : null}
      </p>
      {error !== null ? <ActionError error={error} onReload={onReload} /> : null}
    </div>
  );
}

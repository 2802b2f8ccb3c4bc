import type { FormEvent } from 'react';
import { useState } from 'react';
import type { RoleChangeResponse } from '@unban/contract/admin';
import { staffRoles } from '@unban/contract/admin';
import { useEnglishScreenTitle } from '../../lib/browser/use-document-title';
import { grantRole, revokeRole } from './api/operator-roles';
import { ApiError } from '../../lib/api/api-client';
import { useAdminContext } from './admin-layout';

function describeChange(change: RoleChangeResponse): string {
  if (!change.changed) return `${change.email} already is ${change.role}; nothing changed.`;
  return `${change.email} is now ${change.role} (was ${change.previousRole}).`;
}

/** `#/admin/operators`: admins give or take back staff access by e-mail. */
export function OperatorsScreen() {
  useEnglishScreenTitle('Operators');
  const session = useAdminContext();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof staffRoles)[number]>('operator');
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  if (session.role !== 'admin') {
    return (
      <>
        <h1>Operators</h1>
        <p>Only admins can change who has access to the back office.</p>
      </>
    );
  }

  const run = async (change: () => Promise<RoleChangeResponse>) => {
    setError(null);
    setResult(null);
    setBusy(true);
    try {
      setResult(describeChange(await change()));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const onGrant = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => grantRole({ email: email.trim(), role }));
  };

  return (
    <>
      <h1>Operators</h1>
      <form className="admin-form" aria-label="Staff access" onSubmit={onGrant}>
        <label>
          E-mail of the account
          <input
            name="email"
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label>
          Role
          <select
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value === 'admin' ? 'admin' : 'operator')}
          >
            {staffRoles.map((staffRole) => (
              <option key={staffRole} value={staffRole}>
                {staffRole === 'admin' ? 'Admin' : 'Operator'}
              </option>
            ))}
          </select>
        </label>
        <p>
          <button type="submit" className="button button--primary" disabled={busy}>
            Grant access
          </button>{' '}
          <button
            type="button"
            className="button"
            disabled={busy || email.trim() === ''}
            onClick={() => void run(() => revokeRole(email.trim()))}
          >
            Revoke access
          </button>
        </p>
      </form>
      <div role="status">{result ? <p>{result}</p> : null}</div>
      {error !== null ? (
        <p role="alert" className="admin-error">
          {error instanceof ApiError && error.status !== 0
            ? error.message
            : 'We couldn’t reach the server. Check your connection and try again.'}
        </p>
      ) : null}
    </>
  );
}

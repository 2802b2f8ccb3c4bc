import { ApiError } from '../../lib/api/api-client';

interface ActionErrorProps {
  error: unknown;
  /** Loads the case again, for a conflict. */
  onReload: () => void;
}

/** Why an action on a case was refused, in words an operator can act on. */
export function ActionError({ error, onReload }: ActionErrorProps) {
  if (error instanceof ApiError && error.code === 'CONFLICT') {
    return (
      <div role="alert" className="admin-error">
        <p>Someone else changed this case; reload to see the change before you try again.</p>
        <button type="button" className="button" onClick={onReload}>
          Reload the case
        </button>
      </div>
    );
  }
  const message =
    error instanceof ApiError && error.status !== 0
      ? error.message
      : 'We couldn’t reach the server. Check your connection and try again.';
  return (
    <p role="alert" className="admin-error">
      {message}
    </p>
  );
}

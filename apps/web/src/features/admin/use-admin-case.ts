import { useCallback, useEffect, useState } from 'react';
import type { AdminCase } from '@unban/contract/admin';
import { fetchAdminCase } from './api/get-case';

export interface AdminCaseResource {
  data: AdminCase | undefined;
  error: unknown;
  /** Loads the case again from the server. */
  reload: () => void;
  /** Shows the case an action answered with. */
  replace: (next: AdminCase) => void;
}

/**
 * The case, loaded once and then only on request. It is not polled on purpose: an action sends
 * the version the operator was looking at, and a silent refresh would hide someone else's
 * change instead of reporting the conflict.
 */
export function useAdminCase(id: string): AdminCaseResource {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ id: string; data?: AdminCase; error?: unknown } | null>(
    null,
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchAdminCase(id, controller.signal).then(
      (data) => setState({ id, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ id, error });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const replace = useCallback((next: AdminCase) => setState({ id, data: next }), [id]);
  const current = state?.id === id ? state : null;
  return { data: current?.data, error: current?.error, reload, replace };
}

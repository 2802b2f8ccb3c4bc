import { useCallback, useEffect, useState } from 'react';

export interface AdminResource<T> {
  data: T | undefined;
  error: unknown;
  reload: () => void;
}

/** Loads once when shown and again on request: back office read-only screens. */
export function useAdminResource<T>(load: (signal: AbortSignal) => Promise<T>): AdminResource<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ data?: T; error?: unknown } | null>(null);
  // The loader is read once per attempt; callers pass module-level functions.
  const [loader] = useState(() => load);

  useEffect(() => {
    const controller = new AbortController();
    loader(controller.signal).then(
      (data) => setState({ data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error });
      },
    );
    return () => controller.abort();
  }, [loader, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { data: state?.data, error: state?.error, reload };
}

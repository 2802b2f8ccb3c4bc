import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { useAuthUser } from '../../lib/auth/auth-state';
import type { AdminSession } from './api/get-session';
import { fetchAdminSession } from './api/get-session';

export type AdminAccess =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'forbidden' }
  | { status: 'failed' }
  | { status: 'ok'; session: AdminSession };

/** Whether the signed-in user may use the back office, as the server says. */
export function useAdminSession(): AdminAccess {
  const auth = useAuthUser();
  const uid = auth.status === 'signed-in' ? auth.user.uid : null;
  const [checked, setChecked] = useState<{ uid: string; access: AdminAccess } | null>(null);

  useEffect(() => {
    if (uid === null) return undefined;
    const controller = new AbortController();
    fetchAdminSession(controller.signal).then(
      (session) => setChecked({ uid, access: { status: 'ok', session } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setChecked({ uid, access: accessFromError(error) });
      },
    );
    return () => controller.abort();
  }, [uid]);

  if (auth.status === 'signed-out') return { status: 'signed-out' };
  if (uid === null || checked?.uid !== uid) return { status: 'checking' };
  return checked.access;
}

function accessFromError(error: unknown): AdminAccess {
  if (error instanceof ApiError && error.status === 401) return { status: 'signed-out' };
  if (error instanceof ApiError && error.status === 403) return { status: 'forbidden' };
  return { status: 'failed' };
}

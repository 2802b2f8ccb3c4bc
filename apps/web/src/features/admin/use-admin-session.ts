import { ApiError } from '../../lib/api/api-client';
import { useAuthUser } from '../../lib/auth/auth-state';
import { useResource } from '../../lib/resource/use-resource';
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
  // Asked again whenever the signed-in user changes.
  const { data, error } = useResource({ key: uid, load: fetchAdminSession });

  if (auth.status === 'signed-out') return { status: 'signed-out' };
  if (error !== undefined) return accessFromError(error);
  if (data === undefined) return { status: 'checking' };
  return { status: 'ok', session: data };
}

function accessFromError(error: unknown): AdminAccess {
  if (error instanceof ApiError && error.status === 401) return { status: 'signed-out' };
  if (error instanceof ApiError && error.status === 403) return { status: 'forbidden' };
  return { status: 'failed' };
}

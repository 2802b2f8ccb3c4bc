import type { DataExport, EraseResponse } from '@unban/contract/data-rights';
import { dataExportSchema, eraseResponseSchema } from '@unban/contract/data-rights';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';

export const ACCOUNT_DATA_PATH = '/api/account/data';

/** `GET /api/account/data`: everything the service holds about the signed-in caller. */
export async function fetchAccountData(): Promise<DataExport> {
  const { getIdToken } = await import('../../../lib/auth/auth');
  return withLoading(
    apiFetch(ACCOUNT_DATA_PATH, { schema: dataExportSchema, token: await getIdToken() }),
  );
}

/**
 * `DELETE /api/account/data`: erases the caller's personal data and sign-in account, then
 * signs this browser out (the account no longer exists). The body is the confirmation the
 * screen asked for.
 */
export async function eraseAccountData(): Promise<EraseResponse> {
  const { getIdToken, signOut } = await import('../../../lib/auth/auth');
  const result = await withLoading(
    apiFetch(ACCOUNT_DATA_PATH, {
      method: 'DELETE',
      body: { confirm: true },
      schema: eraseResponseSchema,
      token: await getIdToken(),
    }),
  );
  await signOut();
  return result;
}

/** Hands the export to the browser as a JSON file named like the server's download. */
export function saveExport(data: DataExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `unban-desk-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

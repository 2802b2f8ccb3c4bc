import type { Playbook, PlaybookKey, SavePlaybookBody } from '@unban/contract/playbooks';
import { playbookSchema } from '@unban/contract/playbooks';
import { apiFetch } from '../../../lib/api/api-client';
import { withLoading } from '../../../lib/loading/loading-store';
import type { Resource } from '../../../lib/resource/use-resource';
import { useResource } from '../../../lib/resource/use-resource';
import { adminToken } from './admin-token';

function playbookUrl({ app, banType }: PlaybookKey): string {
  return `/api/admin/playbooks/${encodeURIComponent(app)}/${encodeURIComponent(banType)}`;
}

/** `GET /api/admin/playbooks/:app/:banType`: the current version of one playbook. */
export async function fetchPlaybook(key: PlaybookKey, signal?: AbortSignal): Promise<Playbook> {
  return apiFetch(playbookUrl(key), { schema: playbookSchema, token: await adminToken(), signal });
}

/** The playbook chosen on the screen, loaded when the choice changes. */
export function usePlaybook(key: PlaybookKey): Resource<Playbook> {
  return useResource({
    key: `playbook:${key.app}/${key.banType}`,
    load: (signal) => fetchPlaybook(key, signal),
  });
}

/** `PUT /api/admin/playbooks/:app/:banType`: saves a new version (admins only). */
export async function savePlaybook(key: PlaybookKey, body: SavePlaybookBody): Promise<Playbook> {
  const token = await adminToken();
  return withLoading(
    apiFetch(playbookUrl(key), { method: 'PUT', body, schema: playbookSchema, token }),
  );
}

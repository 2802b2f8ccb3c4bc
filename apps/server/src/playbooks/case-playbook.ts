import type { MessagingAppId } from '@unban/contract/messaging-apps';
import { messagingAppIdSchema } from '@unban/contract/messaging-apps';
import type { PlaybookKey } from '@unban/contract/playbooks';
import type { Database } from '../db/client';
import type { RequestRow } from '../db/schema';
import { currentPlaybookRow } from './playbook-store';

/**
 * The playbook a case is worked with. Every case is a permanent ban: the free check sends a
 * temporary ban away before the order form, and the form's "business" account is the
 * WhatsApp Business app, appealed like any other (a Business Platform account is a playbook
 * operators open by hand for now, since the order form does not ask for it).
 */
export function playbookKeyForCase(row: Pick<RequestRow, 'messagingApp'>): PlaybookKey {
  const app: MessagingAppId = messagingAppIdSchema.parse(row.messagingApp);
  return { app, banType: 'permanent_ban' };
}

/**
 * The id of the playbook version to fix on the case: the one it has, else the current
 * version of its playbook. Called when the review starts (case-transitions.ts).
 */
export async function playbookIdForCase(
  db: Database,
  row: Pick<RequestRow, 'messagingApp' | 'playbookId'>,
): Promise<string> {
  if (row.playbookId !== null) return row.playbookId;
  return (await currentPlaybookRow(db, playbookKeyForCase(row))).id;
}

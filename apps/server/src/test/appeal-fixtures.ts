import type { Database } from '../db/client';
import { appeals } from '../db/schema';
import { currentPlaybookRow } from '../playbooks/playbook-store';

/**
 * An appeal recorded on the case straight in the database (as if an operator had recorded
 * one submitted through the web form), for tests that move a case to "appeal submitted"
 * without going through the workbench: that move needs an appeal (APPEAL_REQUIRED).
 */
export async function recordTestAppeal(
  db: Database,
  requestId: string,
  at: Date = new Date(),
): Promise<void> {
  const playbook = await currentPlaybookRow(db, { app: 'whatsapp', banType: 'permanent_ban' });
  const index = playbook.content.channels.findIndex((channel) => channel.kind === 'web-form');
  await db.insert(appeals).values({
    requestId,
    playbookId: playbook.id,
    playbookVersion: playbook.version,
    channelIndex: Math.max(0, index),
    channelKind: 'web-form',
    kind: 'appeal',
    delivery: 'recorded',
    subject: 'Request for review',
    body: 'Please review this number.',
    operatorUid: 'operator-uid',
    submittedAt: at,
    checkAt: at,
    nextFollowUpAt: null,
  });
}

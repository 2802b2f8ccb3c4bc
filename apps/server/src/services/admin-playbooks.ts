import type {
  Playbook,
  PlaybookKey,
  PlaybookList,
  SavePlaybookBody,
} from '@unban/contract/playbooks';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import {
  currentPlaybookRow,
  findPlaybookVersion,
  listCurrentPlaybooks,
  savePlaybookVersion,
  toPlaybook,
} from '../playbooks/playbook-store';

/*
 * The back office's playbooks: every staff member reads them, admins save new versions
 * (the routes' guards decide who calls what).
 */

export async function listPlaybooks(db: Database): Promise<PlaybookList> {
  const rows = await listCurrentPlaybooks(db);
  return {
    items: rows.map((row) => ({
      app: row.messagingApp,
      banType: row.banType,
      version: row.version,
      channelKinds: row.content.channels.map((channel) => channel.kind),
      savedAt: row.createdAt.toISOString(),
    })),
  };
}

export async function readCurrentPlaybook(db: Database, key: PlaybookKey): Promise<Playbook> {
  const row = await currentPlaybookRow(db, key);
  return toPlaybook(row, row.version);
}

/** An old (or the current) version, as cases that used it read it. @throws AppError NOT_FOUND */
export async function readPlaybookVersion(
  db: Database,
  key: PlaybookKey,
  version: number,
): Promise<Playbook> {
  const [row, current] = await Promise.all([
    findPlaybookVersion(db, key, version),
    currentPlaybookRow(db, key),
  ]);
  if (!row) throw new AppError('NOT_FOUND', `This playbook has no version ${version}.`);
  return toPlaybook(row, current.version);
}

/** @throws AppError UNKNOWN_PLACEHOLDER, CONFLICT (playbook-store.ts) */
export async function savePlaybook(
  db: Database,
  key: PlaybookKey,
  body: SavePlaybookBody,
  savedByUid: string,
): Promise<Playbook> {
  const row = await savePlaybookVersion(db, {
    key,
    expectedVersion: body.expectedVersion,
    content: body.content,
    savedByUid,
  });
  return toPlaybook(row, row.version);
}

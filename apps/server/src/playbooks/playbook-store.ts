import { and, desc, eq } from 'drizzle-orm';
import { messagingAppIds } from '@unban/contract/messaging-apps';
import { defaultPlaybooks } from '@unban/contract/playbook-defaults';
import { placeholderProblems, playbookBanTypes } from '@unban/contract/playbooks';
import type {
  Playbook,
  PlaybookBanType,
  PlaybookContent,
  PlaybookKey,
} from '@unban/contract/playbooks';
import type { MessagingAppId } from '@unban/contract/messaging-apps';
import type { Database } from '../db/client';
import { playbooks } from '../db/schema';
import type { PlaybookRow } from '../db/schema';
import { AppError } from '../errors';

/*
 * The versioned playbooks. Saving never updates a row: it inserts the next version, so a
 * case that points at a version reads it unchanged for good. The unique (app, ban type,
 * version) index settles two saves on top of the same version: one wins, the other is a
 * CONFLICT.
 */

const allKeys: PlaybookKey[] = messagingAppIds.flatMap((app) =>
  playbookBanTypes.map((banType) => ({ app, banType })),
);

/**
 * Writes version 1 of every (app, ban type) that has no version yet, from the contract's
 * defaults. Idempotent and safe to run from several instances at once: an existing version 1
 * (seeded or saved) is left alone.
 */
export async function seedDefaultPlaybooks(db: Database): Promise<void> {
  await db
    .insert(playbooks)
    .values(
      allKeys.map(({ app, banType }) => ({
        messagingApp: app,
        banType,
        version: 1,
        content: defaultPlaybooks[app][banType],
        savedByUid: null,
      })),
    )
    .onConflictDoNothing();
}

function keyIs({ app, banType }: PlaybookKey) {
  return and(eq(playbooks.messagingApp, app), eq(playbooks.banType, banType));
}

async function latestRow(db: Database, key: PlaybookKey): Promise<PlaybookRow | undefined> {
  const [row] = await db
    .select()
    .from(playbooks)
    .where(keyIs(key))
    .orderBy(desc(playbooks.version))
    .limit(1);
  return row;
}

/**
 * The current (highest) version of a playbook, seeding the defaults first if the database has
 * none yet (a database migrated by a server that has not started since).
 */
export async function currentPlaybookRow(db: Database, key: PlaybookKey): Promise<PlaybookRow> {
  const row = await latestRow(db, key);
  if (row) return row;
  await seedDefaultPlaybooks(db);
  const seeded = await latestRow(db, key);
  if (!seeded) throw new Error(`No playbook for ${key.app} ${key.banType} after seeding`);
  return seeded;
}

export function toPlaybook(row: PlaybookRow, currentVersion: number): Playbook {
  return {
    id: row.id,
    app: row.messagingApp,
    banType: row.banType,
    version: row.version,
    current: row.version === currentVersion,
    content: row.content,
    savedByUid: row.savedByUid,
    savedAt: row.createdAt.toISOString(),
  };
}

/** The current version of every playbook, in the contract's order of apps and ban types. */
export async function listCurrentPlaybooks(db: Database): Promise<PlaybookRow[]> {
  await seedDefaultPlaybooks(db);
  const rows = await db
    .selectDistinctOn([playbooks.messagingApp, playbooks.banType])
    .from(playbooks)
    .orderBy(playbooks.messagingApp, playbooks.banType, desc(playbooks.version));
  const order = (row: { messagingApp: MessagingAppId; banType: PlaybookBanType }) =>
    allKeys.findIndex((key) => key.app === row.messagingApp && key.banType === row.banType);
  return rows.sort((a, b) => order(a) - order(b));
}

/** One version, or undefined. */
export async function findPlaybookVersion(
  db: Database,
  key: PlaybookKey,
  version: number,
): Promise<PlaybookRow | undefined> {
  const [row] = await db
    .select()
    .from(playbooks)
    .where(and(keyIs(key), eq(playbooks.version, version)))
    .limit(1);
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Saves `content` as the next version after `expectedVersion`.
 *
 * @throws AppError UNKNOWN_PLACEHOLDER (naming the first unknown placeholder, every one in
 *   `fields`), CONFLICT when another version was saved since `expectedVersion`
 */
export async function savePlaybookVersion(
  db: Database,
  input: {
    key: PlaybookKey;
    expectedVersion: number;
    content: PlaybookContent;
    savedByUid: string;
  },
): Promise<PlaybookRow> {
  const problems = placeholderProblems(input.content);
  const [first] = problems;
  if (first) {
    throw new AppError('UNKNOWN_PLACEHOLDER', first.message, {
      fields: Object.fromEntries(problems.map((problem) => [problem.path, problem.message])),
    });
  }
  const current = await currentPlaybookRow(db, input.key);
  if (current.version !== input.expectedVersion) {
    throw new AppError(
      'CONFLICT',
      `Version ${current.version} of this playbook was saved in the meantime. Reload it and make your change again.`,
    );
  }
  try {
    const [row] = await db
      .insert(playbooks)
      .values({
        messagingApp: input.key.app,
        banType: input.key.banType,
        version: current.version + 1,
        content: input.content,
        savedByUid: input.savedByUid,
      })
      .returning();
    if (!row) throw new Error('Inserting a playbook version returned no row');
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(
      'CONFLICT',
      'Someone saved this playbook at the same moment. Reload it and make your change again.',
      { cause: error },
    );
  }
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { CaseState } from '@unban/contract/case-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRequestRow } from '../test/request-rows';
import { createTestDatabase } from '../test/test-database';
import { MIGRATIONS_FOLDER } from './client';
import type { DatabaseHandle } from './client';
import { caseEvents, requests } from './schema';

/*
 * Migration 0018 fills in when each case was paid and reached its outcome from the timeline,
 * for the cases moved before the moves stamped them. Its UPDATE is run here, as committed,
 * over timelines written the way older servers wrote them (no stamps on the request).
 */

async function backfillStatement(): Promise<string> {
  const file = await readFile(path.join(MIGRATIONS_FOLDER, '0018_case_milestones.sql'), 'utf8');
  const update = file.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'));
  if (!update) throw new Error('0018 has no UPDATE');
  return update;
}

const at = (iso: string) => new Date(iso);

describe('migration 0018: the cases moved before it', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  async function caseWithTimeline(
    caseState: CaseState,
    moves: [CaseState | null, CaseState, string][],
  ) {
    const requestId = await insertRequestRow(database.db, { caseState });
    for (const [fromState, toState, time] of moves) {
      await database.db.insert(caseEvents).values({
        requestId,
        actorType: 'system',
        fromState,
        toState,
        createdAt: at(time),
      });
    }
    return requestId;
  }

  it('takes the earliest payment and the earliest outcome with its state, and leaves the rest empty', async () => {
    // Written out of order: the backfill goes by time, not by insertion.
    const refunded = await caseWithTimeline('refunded', [
      ['denied', 'refunded', '2026-03-04T10:00:00Z'],
      ['awaiting_payment', 'queued', '2026-03-01T10:00:00Z'],
      ['appeal_submitted', 'denied', '2026-03-03T10:00:00Z'],
      ['in_review', 'appeal_submitted', '2026-03-02T10:00:00Z'],
    ]);
    const unbanned = await caseWithTimeline('unbanned', [
      [null, 'awaiting_payment', '2026-04-01T09:00:00Z'],
      ['awaiting_payment', 'queued', '2026-04-01T10:00:00Z'],
      ['appeal_submitted', 'unbanned', '2026-04-05T10:00:00Z'],
    ]);
    const inReview = await caseWithTimeline('in_review', [
      ['awaiting_payment', 'queued', '2026-05-01T10:00:00Z'],
      ['queued', 'in_review', '2026-05-02T10:00:00Z'],
    ]);
    const unpaid = await caseWithTimeline('awaiting_payment', [
      [null, 'awaiting_payment', '2026-06-01T10:00:00Z'],
    ]);
    const ids = [refunded, unbanned, inReview, unpaid];

    await database.db.execute(sql.raw(await backfillStatement()));

    const rows = await database.db
      .select({
        id: requests.id,
        paidAt: requests.paidAt,
        outcomeAt: requests.outcomeAt,
        outcomeState: requests.outcomeState,
      })
      .from(requests)
      .where(inArray(requests.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(refunded)).toMatchObject({
      paidAt: at('2026-03-01T10:00:00Z'),
      outcomeAt: at('2026-03-03T10:00:00Z'),
      outcomeState: 'denied',
    });
    expect(byId.get(unbanned)).toMatchObject({
      paidAt: at('2026-04-01T10:00:00Z'),
      outcomeAt: at('2026-04-05T10:00:00Z'),
      outcomeState: 'unbanned',
    });
    expect(byId.get(inReview)).toMatchObject({
      paidAt: at('2026-05-01T10:00:00Z'),
      outcomeAt: null,
      outcomeState: null,
    });
    expect(byId.get(unpaid)).toMatchObject({ paidAt: null, outcomeAt: null, outcomeState: null });
  });

  it('refuses an outcome time without its state, or a state that is no outcome', async () => {
    const requestId = await insertRequestRow(database.db, { caseState: 'denied' });
    const write = (values: Partial<typeof requests.$inferInsert>) =>
      database.db
        .update(requests)
        .set(values)
        .where(eq(requests.id, requestId))
        .then(
          () => 'written',
          () => 'refused',
        );
    expect(await write({ outcomeAt: at('2026-03-03T10:00:00Z') })).toBe('refused');
    expect(
      await write({
        outcomeAt: at('2026-03-03T10:00:00Z'),
        outcomeState: 'refunded' as unknown as 'denied',
      }),
    ).toBe('refused');
    expect(await write({ outcomeAt: at('2026-03-03T10:00:00Z'), outcomeState: 'denied' })).toBe(
      'written',
    );
  });
});

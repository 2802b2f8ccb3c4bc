import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueueItem, QueueQueryInput } from '@unban/contract/admin';
import { queueQuerySchema } from '@unban/contract/admin';
import { requests } from '../db/schema';
import type { DatabaseHandle } from '../db/client';
import { generateReference } from '../domain/reference';
import { AppError } from '../errors';
import { createTestDatabase } from '../test/test-database';
import { encodeCursor, listQueue, queueStatement } from './admin-queue';

let database: DatabaseHandle;
// Not on a whole second: the times written back carry their milliseconds.
const NOW = new Date('2026-06-01T12:00:00.250Z');
const COUNT = 300;
const states = ['awaiting_payment', 'queued', 'in_review', 'needs_info'] as const;

interface Seed {
  id: string;
  reference: string;
  caseState: (typeof states)[number];
  plan: 'standard' | 'priority';
  contactEmail: string;
  phoneE164: string;
  createdAt: Date;
  updatedAt: Date;
  replyDueAt: Date | null;
  followUpDueAt: Date | null;
}
let seeds: Seed[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    reference: generateReference(),
    ownerUid: `owner-${i}`,
    statusTokenHash: 'x'.repeat(64),
    messagingApp: i % 5 === 0 ? 'whatsapp_business' : 'whatsapp',
    phoneE164: `+4477009${String(i).padStart(5, '0')}`,
    accountType: 'personal',
    device: 'android',
    banMessage: 'Banned',
    bannedAtApprox: 'today',
    usage: 'Chats',
    contactEmail: i % 10 === 0 ? `vip_${i}@example.com` : `person${i}@example.com`,
    plan: i % 3 === 0 ? 'priority' : 'standard',
    priceAmount: i % 3 === 0 ? 9900 : 4900,
    currency: 'USD',
    caseState: states[i % states.length] ?? 'queued',
    paymentState: i % 4 === 0 ? ('unpaid' as const) : ('paid' as const),
    // Every second row shares its time with the previous one: ties broken by id.
    createdAt: new Date(NOW.getTime() - Math.floor(i / 2) * 60_000),
    updatedAt: new Date(NOW.getTime() - ((i * 7919) % COUNT) * 1000),
    // Queued and in-review cases owe a reply: due from 5 hours ago to 5 hours ahead, in
    // 10-minute steps, so some share their deadline (ties broken by id).
    replyDueAt:
      i % 4 === 1 || i % 4 === 2
        ? new Date(NOW.getTime() + (((i * 37) % 61) - 30) * 10 * 60_000)
        : null,
    // Cases in review have appeal work due, from 25 minutes ago to 25 ahead.
    followUpDueAt: i % 4 === 2 ? new Date(NOW.getTime() + (((i * 13) % 51) - 25) * 60_000) : null,
  }));
  seeds = (await database.db.insert(requests).values(rows).returning()) as Seed[];
});

afterAll(() => database?.close());

function query(input: QueueQueryInput) {
  return listQueue(database.db, queueQuerySchema.parse(input), NOW);
}

/** Reads every page and checks none is larger than asked. */
async function allPages(input: QueueQueryInput): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const result = await query({ ...input, ...(cursor ? { cursor } : {}) });
    expect(result.items.length).toBeLessThanOrEqual(queueQuerySchema.parse(input).limit);
    items.push(...result.items);
    if (result.nextCursor === null) return items;
    cursor = result.nextCursor;
  }
  throw new Error('pagination did not end');
}

function byCreatedDesc(a: Seed, b: Seed): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
}

describe('listQueue', () => {
  it('pages through every request exactly once, newest first, ties ordered by id', async () => {
    const items = await allPages({ limit: 37 });
    expect(items.map((item) => item.id)).toEqual([...seeds].sort(byCreatedDesc).map((s) => s.id));
  });

  it('writes every time as the stored instant in ISO 8601 UTC, to the millisecond', async () => {
    const items = await allPages({ limit: 100 });
    const iso = (time: Date | null) => (time === null ? null : time.toISOString());
    const byId = new Map(seeds.map((seed) => [seed.id, seed]));
    expect(items.filter((item) => item.replyDueAt !== null).length).toBeGreaterThan(0);
    expect(items.filter((item) => item.followUpDueAt !== null).length).toBeGreaterThan(0);
    for (const item of items) {
      const seed = byId.get(item.id);
      expect([item.createdAt, item.updatedAt, item.replyDueAt, item.followUpDueAt]).toEqual([
        iso(seed?.createdAt ?? null),
        iso(seed?.updatedAt ?? null),
        iso(seed?.replyDueAt ?? null),
        iso(seed?.followUpDueAt ?? null),
      ]);
    }
  });

  it('pages oldest first and by last update the same way', async () => {
    const oldest = await allPages({ limit: 50, sort: 'created_asc' });
    expect(oldest.map((item) => item.id)).toEqual(
      [...seeds]
        .sort(byCreatedDesc)
        .reverse()
        .map((s) => s.id),
    );
    const updated = await allPages({ limit: 100, sort: 'updated_desc' });
    expect(updated).toHaveLength(COUNT);
    const times = updated.map((item) => Date.parse(item.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('accepts a cursor written as an ISO time', async () => {
    const first = [...seeds].sort(byCreatedDesc)[0];
    if (!first) throw new Error('no seed');
    const manual = encodeCursor({ t: first.createdAt.toISOString(), id: first.id });
    const after = await query({ limit: 100, cursor: manual });
    expect(after.items[0]?.id).toBe([...seeds].sort(byCreatedDesc)[1]?.id);
  });

  it('filters by several case states, payment state, plan and app together', async () => {
    const items = await allPages({
      caseState: ['queued', 'in_review'],
      paymentState: 'paid',
      plan: 'priority',
      messagingApp: 'whatsapp',
      limit: 100,
    });
    const expected = seeds.filter(
      (_seed, i) =>
        (states[i % 4] === 'queued' || states[i % 4] === 'in_review') &&
        i % 4 !== 0 &&
        i % 3 === 0 &&
        i % 5 !== 0,
    );
    expect(items.map((item) => item.id).sort()).toEqual(expected.map((s) => s.id).sort());
    expect(items.length).toBeGreaterThan(0);
  });

  it('accepts case states comma-separated as in a shared link', async () => {
    const parsed = queueQuerySchema.parse({ caseState: 'queued,needs_info' });
    expect(parsed.caseState).toEqual(['queued', 'needs_info']);
  });

  it('filters by age', async () => {
    const old = await allPages({ olderThanHours: 4, limit: 100 });
    expect(old.map((item) => item.id).sort()).toEqual(
      seeds
        .filter((s) => s.createdAt.getTime() < NOW.getTime() - 4 * 3_600_000)
        .map((s) => s.id)
        .sort(),
    );
    const window = await allPages({
      createdAfter: new Date(NOW.getTime() - 10 * 60_000).toISOString(),
      createdBefore: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
    });
    // Minutes 6..9 back, two rows each.
    expect(window).toHaveLength(8);
  });

  it('finds a request by its reference however it is typed', async () => {
    const target = seeds[42];
    if (!target) throw new Error('no seed');
    const typed = target.reference.toLowerCase().replace('ub-', 'ub ');
    const result = await query({ q: typed });
    expect(result.items.map((item) => item.id)).toEqual([target.id]);
  });

  it('finds by e-mail, exactly or by its beginning, in any case, with LIKE characters literal', async () => {
    const exact = await query({ q: 'PERSON7@example.com' });
    expect(exact.items.map((item) => item.contactEmail)).toEqual(['person7@example.com']);
    const prefix = await allPages({ q: 'person29' });
    expect(prefix.map((item) => item.contactEmail).sort()).toEqual(
      [
        'person29@example.com',
        ...Array.from({ length: 9 }, (_, d) => `person29${d + 1}@example.com`),
      ]
        .filter((email) => seeds.some((s) => s.contactEmail === email))
        .sort(),
    );
    // `_` is a LIKE wildcard; taken literally, "vip_" matches only the vip_ addresses.
    const underscored = await allPages({ q: 'vip_', limit: 100 });
    expect(underscored).toHaveLength(COUNT / 10);
    expect(await query({ q: 'v%' })).toEqual({ items: [], nextCursor: null });
  });

  it('finds by phone number or its beginning, masking the number in the list', async () => {
    const full = await query({ q: '+44 7700 900123' });
    expect(full.items).toHaveLength(1);
    expect(full.items[0]?.phoneMasked).not.toContain('900123');
    expect(full.items[0]?.id).toBe(seeds[123]?.id);
    const prefix = await allPages({ q: '+44 77009 001', limit: 30 });
    expect(prefix.map((item) => item.id).sort()).toEqual(
      seeds
        .slice(100, 200)
        .map((s) => s.id)
        .sort(),
    );
  });

  it('finds by the last digits of a phone number, as a customer reads them out', async () => {
    const found = await allPages({ q: '0123', limit: 100 });
    const expected = seeds.filter((s) => s.phoneE164.endsWith('0123')).map((s) => s.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(found.map((item) => item.id).sort()).toEqual(expected.sort());
    expect(await query({ q: '99999' })).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a cursor it did not give out', async () => {
    await expect(query({ cursor: 'garbage' })).rejects.toBeInstanceOf(AppError);
    const forged = Buffer.from(JSON.stringify({ t: "'; drop", id: 'x' })).toString('base64url');
    await expect(query({ cursor: forged })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('caps a page at 100', () => {
    expect(queueQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(queueQuerySchema.parse({ limit: '100' }).limit).toBe(100);
  });

  // Last: it adds rows. Postgres keeps microseconds, a JS Date only milliseconds.
  it('keeps rows of the same millisecond apart across page boundaries', async () => {
    const base = seeds[0];
    if (!base) throw new Error('no seed');
    const { id: _id, reference: _reference, ...rest } = base;
    const micro = await database.db
      .insert(requests)
      .values(
        [100, 200, 300].map((us) => ({
          ...rest,
          ownerUid: 'micro',
          statusTokenHash: 'x'.repeat(64),
          messagingApp: 'whatsapp',
          accountType: 'personal',
          device: 'android',
          banMessage: 'Banned',
          usage: 'Chats',
          priceAmount: 4900,
          currency: 'USD',
          paymentState: 'paid' as const,
          reference: generateReference(),
          contactEmail: `micro${us}@example.com`,
          createdAt: sql`${`2027-01-01T00:00:00.000${us}Z`}::timestamptz`,
        })),
      )
      .returning({ id: requests.id });
    expect(micro).toHaveLength(3);
    const newest = await allPages({ q: 'micro', limit: 1 });
    expect(newest.map((item) => item.contactEmail)).toEqual([
      'micro300@example.com',
      'micro200@example.com',
      'micro100@example.com',
    ]);
    const oldest = await allPages({ q: 'micro', limit: 1, sort: 'created_asc' });
    expect(oldest.map((item) => item.contactEmail)).toEqual([
      'micro100@example.com',
      'micro200@example.com',
      'micro300@example.com',
    ]);
  });
});

function dueKey(seed: Seed): number {
  return seed.replyDueAt?.getTime() ?? Number.POSITIVE_INFINITY;
}

function byDueAsc(a: Seed, b: Seed): number {
  return dueKey(a) - dueKey(b) || (a.id < b.id ? -1 : 1);
}

describe('listQueue by reply deadline', () => {
  it('sorts by deadline, most overdue first, cases owing none last, every case once', async () => {
    const items = await allPages({ sort: 'due_asc', limit: 17 });
    // Every row, other tests' included.
    const all = (await database.db
      .select({ id: requests.id, replyDueAt: requests.replyDueAt })
      .from(requests)) as Seed[];
    // Two cases owing none compare as NaN, which falls through to their ids.
    expect(items.map((item) => item.id)).toEqual(all.sort(byDueAsc).map((seed) => seed.id));
    const withDeadline = items.filter((item) => item.replyDueAt !== null);
    expect(withDeadline.length).toBe(seeds.filter((seed) => seed.replyDueAt).length);
    expect(items.slice(0, withDeadline.length)).toEqual(withDeadline);
  });

  it('filters breached deadlines (due now or before) and those due within the window', async () => {
    const breached = await allPages({ deadline: 'breached', sort: 'due_asc', limit: 20 });
    const expectedBreached = seeds
      .filter((seed) => seed.replyDueAt && seed.replyDueAt.getTime() <= NOW.getTime())
      .sort(byDueAsc);
    expect(expectedBreached.length).toBeGreaterThan(10);
    expect(breached.map((item) => item.id)).toEqual(expectedBreached.map((seed) => seed.id));

    const soon = await query({ deadline: 'due_soon', sort: 'due_asc', limit: 100 });
    const hour = NOW.getTime() + 3_600_000;
    const expectedSoon = seeds
      .filter(
        (seed) =>
          seed.replyDueAt &&
          seed.replyDueAt.getTime() > NOW.getTime() &&
          seed.replyDueAt.getTime() <= hour,
      )
      .sort(byDueAsc);
    expect(expectedSoon.length).toBeGreaterThan(0);
    expect(soon.items.map((item) => item.id)).toEqual(expectedSoon.map((seed) => seed.id));
    expect(soon.items[0]?.replyDueAt).toBe(expectedSoon[0]?.replyDueAt?.toISOString());
  });

  it('widens "due soon" to the window it is given', async () => {
    const result = await listQueue(
      database.db,
      queueQuerySchema.parse({ deadline: 'due_soon', limit: 100 }),
      NOW,
      5 * 60,
    );
    expect(result.items).toHaveLength(
      seeds.filter((seed) => seed.replyDueAt && seed.replyDueAt.getTime() > NOW.getTime()).length,
    );
  });

  it('refuses a deadline filter it does not know', () => {
    expect(queueQuerySchema.safeParse({ deadline: 'late' }).success).toBe(false);
  });
});

describe('queueStatement', () => {
  const statement = (input: QueueQueryInput) =>
    queueStatement(database.db, queueQuerySchema.parse(input), NOW);

  it("builds each shape's text once and fills every request's own values into it", () => {
    const first = statement({ q: 'person7', plan: 'standard', limit: 20 });
    expect(first.params).toEqual(['standard', 'person7%', 21]);
    const select = vi.spyOn(database.db, 'select');
    try {
      const second = statement({ q: 'vip_', plan: 'priority', limit: 30 });
      // The second request of the shape builds nothing: it only fills in its values.
      expect(select).not.toHaveBeenCalled();
      expect(second.text).toBe(first.text);
      expect(second.params).toEqual(['priority', 'vip\\_%', 31]);
    } finally {
      select.mockRestore();
    }
  });

  it('gives a text of its own to every shape: filters, kind of search, sort, cursor', () => {
    const cursor = encodeCursor({
      t: NOW.toISOString(),
      id: '0190a4f2-0000-7000-8000-000000000000',
    });
    const shapes: QueueQueryInput[] = [
      {},
      { q: 'person7' },
      { q: 'UB-00004242' },
      { q: '0123' },
      { q: 'person7', sort: 'created_asc' },
      { cursor },
      { cursor, sort: 'created_asc' },
      { caseState: ['queued'] },
      { caseState: ['queued', 'in_review'] },
      { paymentState: 'paid' },
      { deadline: 'breached' },
      { deadline: 'due_soon' },
      { followUp: 'due' },
      { olderThanHours: 4 },
    ];
    const texts = shapes.map((input) => statement(input).text);
    expect(new Set(texts).size).toBe(shapes.length);
  });

  it('has a search and a payment state planned for their values on every run, and nothing else', () => {
    // Every search matches a LIKE on a bound pattern (a reference too: it may also be the
    // beginning of an e-mail address), which uses its index only when the planner sees it.
    for (const q of ['person7', '0123', '+1 202 555', 'UB-00004242']) {
      expect(statement({ q }).planEachRun, q).toBe(true);
      expect(statement({ q, caseState: ['queued'], sort: 'created_asc' }).planEachRun, q).toBe(
        true,
      );
    }
    // A payment in flight or failed has a partial index, which applies only to a state the
    // planner sees; the other states read the queue's index by time.
    for (const paymentState of ['refund_pending', 'paid'] as const) {
      expect(statement({ paymentState }).planEachRun, paymentState).toBe(true);
    }
    // The other filters and the cursors are ranges and equalities: any plan of theirs uses the
    // indexes.
    const cursor = encodeCursor({
      t: NOW.toISOString(),
      id: '0190a4f2-0000-7000-8000-000000000000',
    });
    for (const input of [
      {},
      { cursor },
      { caseState: ['queued', 'in_review'], plan: 'priority' },
      { deadline: 'due_soon' },
      { followUp: 'due' },
    ] satisfies QueueQueryInput[]) {
      expect(statement(input).planEachRun, JSON.stringify(input)).toBe(false);
    }
  });

  /**
   * The plan of a statement with the given planner settings: planned for its values (as a
   * search runs), or the generic plan it is kept with once prepared (as the other shapes run).
   */
  async function planOf(
    input: QueueQueryInput,
    settings: string[],
    planned: 'for its values' | 'generic' = 'for its values',
  ): Promise<string> {
    const { text, params } = statement(input);
    return database.db.transaction(async (tx) => {
      for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
      if (planned === 'for its values')
        return planText(await tx.execute(sql.raw(`explain ${inlineParams(text, params)}`)));
      await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
      await tx.execute(sql.raw(`prepare generic_queue_page as ${text}`));
      try {
        const values = params.map(literal).join(', ');
        return planText(await tx.execute(sql.raw(`explain execute generic_queue_page(${values})`)));
      } finally {
        await tx.execute(sql.raw('deallocate generic_queue_page'));
      }
    });
  }

  it('reads the partial index of the payments in flight or failed, planned for the state', async () => {
    for (const paymentState of ['processing', 'refund_pending', 'failed'] as const) {
      // Sequential scans priced out: the plan names an index that can serve the query.
      const plan = await planOf({ paymentState }, ['enable_seqscan = off']);
      expect(plan, paymentState).toContain('requests_unsettled_payment_created_at_idx');
    }
  });

  it('reads a page of one state and a plan from their own index, as the statement is prepared', async () => {
    // By time, the planner tested every case for the pair: one in 24 at a million requests.
    // Its generic plan (the statement is named and kept) must read the pair's index too.
    const cursor = encodeCursor({
      t: NOW.toISOString(),
      id: '0190a4f2-0000-7000-8000-000000000000',
    });
    const settings = ['enable_seqscan = off', 'enable_sort = off'];
    for (const input of [
      { caseState: ['queued'], plan: 'priority' },
      { caseState: ['queued'], plan: 'priority', cursor },
      { caseState: ['in_review'], plan: 'standard', sort: 'created_asc' },
    ] satisfies QueueQueryInput[]) {
      expect(statement(input).planEachRun, JSON.stringify(input)).toBe(false);
      for (const planned of [
        await planOf(input, settings),
        await planOf(input, settings, 'generic'),
      ]) {
        expect(planned, JSON.stringify(input)).toContain(
          'requests_case_state_plan_created_at_id_idx',
        );
        expect(planned, JSON.stringify(input)).not.toMatch(/Sort|requests_created_at_id_idx/);
      }
    }
  });

  it("reads a search's matches through its own indexes, never by walking the queue by time", async () => {
    // Sorting priced out as well: a planner free to choose would now walk the time index
    // newest first and test each row, which is what it did for one search in a hundred at a
    // million requests (its guess of a LIKE prefix's matches). A search's order is one that
    // no index is ordered by, so it cannot.
    const settings = ['enable_seqscan = off', 'enable_sort = off'];
    const searches = [
      ['customer4242', ['requests_contact_email_idx']],
      ['4242', ['requests_phone_e164_idx', 'requests_phone_e164_reversed_idx']],
      ['UB-00004242', ['requests_reference_unique', 'requests_contact_email_idx']],
    ] as const;
    for (const [q, indexes] of searches) {
      for (const input of [{ q }, { q, sort: 'created_asc' }] satisfies QueueQueryInput[]) {
        const plan = await planOf(input, settings);
        for (const index of indexes) expect(plan, JSON.stringify(input)).toContain(index);
        expect(plan, JSON.stringify(input)).not.toContain('requests_created_at_id_idx');
      }
      // With a filter too, the planner may read either's matches, but walks neither by time.
      const filtered = await planOf({ q, caseState: ['queued'] }, settings);
      expect(filtered, q).not.toContain('requests_created_at_id_idx');
      expect(filtered, q).not.toMatch(/Incremental Sort|Index Scan Backward/);
    }
    // The queue without a search still reads its page from the time index.
    expect(await planOf({}, settings)).toContain('requests_created_at_id_idx');
  });
});

/** EXPLAIN's answer as text, a line per plan node. */
function planText(explained: unknown): string {
  const { rows } = explained as { rows: Record<string, string>[] };
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** A bound value written as an SQL literal. */
function literal(value: unknown): string {
  return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * The values written into the text, as a statement planned for its values sees them (the
 * product sends them bound, unnamed; EXPLAIN takes no bound values through Drizzle).
 */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]));
}

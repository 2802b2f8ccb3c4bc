import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** What the plugin really passes to `child`: the merged limit options with the route. */
interface MergedRouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Expired rows are deleted after about this many writes. */
const SWEEP_EVERY = 1_000;
/** How often the requests counted in memory are added to the shared counters. */
export const FLUSH_EVERY_MS = 1_000;
/**
 * A key is counted in memory while this instance's view of it stays within this share of
 * the limit; past it, every request is counted in the database and decided on its count.
 */
const LOCAL_SHARE = 0.5;
/** Keys written per statement (three parameters each, well below PostgreSQL's 65,535). */
const FLUSH_BATCH = 5_000;

interface Counter {
  /** The shared count as the database last returned it, plus what this instance sent since. */
  known: number;
  /** Counted here, not yet added to the database. */
  pending: number;
  /** When the window ends, by this process's clock. */
  resetAt: number;
  /** The window's length, for the write that opens a new one. */
  windowMs: number;
}

interface CounterRow {
  key: unknown;
  count: unknown;
  ttl: unknown;
}

export interface DatabaseRateLimitStore {
  Store: FastifyRateLimitStoreCtor;
  /** Adds what was counted in memory to the database now. */
  flush(): Promise<void>;
  /** Stops the periodic flush after a last one. */
  close(): Promise<void>;
}

/**
 * A @fastify/rate-limit store whose counters live in the database, so every instance behind
 * a load balancer counts against one budget per key. A database write per request would
 * double the cost of the cheapest routes, so a key is counted in memory while it is far from
 * its limit (at most half of it, as this instance last saw the shared count plus its own
 * requests since) and added to the database every second. Past half the limit every request
 * is counted with one upsert and decided on the database's count, so a refusal is always
 * exact; what a burst spread over several instances can overshoot is bounded by what they
 * let through in memory before their next flush. docs/decisions/012-hot-paths.md.
 */
export function databaseRateLimitStore(
  db: Database,
  onError: (error: unknown) => void,
  { flushEveryMs = FLUSH_EVERY_MS, now = Date.now } = {},
): DatabaseRateLimitStore {
  const counters = new Map<string, Counter>();
  let sinceSweep = 0;

  const sweep = (): void => {
    sinceSweep = 0;
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.resetAt, sql`now()`))
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      );
  };

  /** Adds `add` to each key's shared count (opening a new window where the old one ended). */
  async function write(
    entries: { key: string; add: number; windowMs: number }[],
  ): Promise<CounterRow[]> {
    const values = entries.map(
      ({ key, add, windowMs }) =>
        sql`(${key}, ${add}::integer, now() + make_interval(secs => ${windowMs / 1000}))`,
    );
    const result = await db.execute(
      sql`insert into ${rateLimitCounters} (key, count, reset_at)
          values ${sql.join(values, sql`, `)}
          on conflict (key) do update set
            count = case when ${rateLimitCounters.resetAt} <= now() then excluded.count
                         else ${rateLimitCounters.count} + excluded.count end,
            reset_at = case when ${rateLimitCounters.resetAt} <= now() then excluded.reset_at
                            else ${rateLimitCounters.resetAt} end
          returning key, count,
            greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl`,
    );
    sinceSweep += entries.length;
    if (sinceSweep >= SWEEP_EVERY) sweep();
    return (result as unknown as { rows: CounterRow[] }).rows;
  }

  /** Takes in what the database said about a key; `sentAt` is when the write left. */
  function learn(row: CounterRow, sentAt: number): Counter | undefined {
    const counter = counters.get(String(row.key));
    if (!counter) return undefined;
    counter.known = Number(row.count);
    counter.resetAt = sentAt + Number(row.ttl);
    return counter;
  }

  let flushing: Promise<void> | undefined;
  async function flushOnce(): Promise<void> {
    const at = now();
    const batch: { key: string; add: number; windowMs: number }[] = [];
    for (const [key, counter] of counters) {
      if (counter.pending > 0) {
        batch.push({ key, add: counter.pending, windowMs: counter.windowMs });
        counter.known += counter.pending;
        counter.pending = 0;
      } else if (counter.resetAt <= at) {
        counters.delete(key);
      }
    }
    for (let start = 0; start < batch.length; start += FLUSH_BATCH) {
      const part = batch.slice(start, start + FLUSH_BATCH);
      try {
        for (const row of await write(part)) learn(row, at);
      } catch (error) {
        // Counted again at the next flush rather than lost.
        for (const { key, add } of part) {
          const counter = counters.get(key);
          if (counter) counter.pending += add;
        }
        onError(error);
      }
    }
  }
  const flush = (): Promise<void> =>
    (flushing ??= flushOnce().finally(() => {
      flushing = undefined;
    }));

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  function incr(key: string, callback: IncrCallback, windowMs: number, max: number): void {
    const at = now();
    const counter = counters.get(key);
    if (
      counter &&
      counter.resetAt > at &&
      counter.known + counter.pending + 1 <= max * LOCAL_SHARE
    ) {
      counter.pending += 1;
      callback(null, { current: counter.known + counter.pending, ttl: counter.resetAt - at });
      return;
    }
    // Counted in the database, with whatever this key had waiting for the next flush.
    const waiting = counter && counter.resetAt > at ? counter.pending : 0;
    if (counter) counter.pending = 0;
    else counters.set(key, { known: 0, pending: 0, resetAt: at, windowMs });
    write([{ key, add: waiting + 1, windowMs }]).then(
      ([row]) => {
        if (!row) return callback(new Error('the rate-limit counter returned no row'));
        const learned = learn(row, at);
        const current = Number(row.count) + (learned?.pending ?? 0);
        callback(null, { current, ttl: Number(row.ttl) });
      },
      (error: unknown) => {
        const current = counters.get(key);
        if (current) current.pending += waiting;
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    // The plugin constructs the store with its options; only children get a prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      incr(`${this.prefix}${key}`, callback, timeWindow, max);
    }

    /** A route with limits of its own counts under its own keys. */
    child(options: ChildOptions): DatabaseStore {
      const { method, url } = (options as MergedRouteOptions).routeInfo ?? {};
      const route = url ? `${[method ?? ''].flat().join(',')} ${url}|` : 'custom|';
      return new DatabaseStore(`${this.prefix}${route}`);
    }
  }

  return {
    Store: DatabaseStore,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

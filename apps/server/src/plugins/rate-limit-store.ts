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

/** Expired rows are deleted after about this many increments. */
const SWEEP_EVERY = 1_000;

/**
 * A @fastify/rate-limit store that keeps its counters in the database, so every instance
 * behind a load balancer counts against one budget per key. One statement per request:
 * an upsert that starts a new window when the old one has ended.
 */
export function databaseRateLimitStore(
  db: Database,
  onError: (error: unknown) => void,
): FastifyRateLimitStoreCtor {
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

  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    // The plugin constructs the store with its options; only children get a prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const fullKey = `${this.prefix}${key}`;
      const window = sql`make_interval(secs => ${timeWindow / 1000})`;
      db.execute(
        sql`insert into ${rateLimitCounters} (key, count, reset_at)
            values (${fullKey}, 1, now() + ${window})
            on conflict (key) do update set
              count = case when ${rateLimitCounters.resetAt} <= now() then 1
                           else ${rateLimitCounters.count} + 1 end,
              reset_at = case when ${rateLimitCounters.resetAt} <= now() then excluded.reset_at
                              else ${rateLimitCounters.resetAt} end
            returning count,
              greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl`,
      ).then(
        (result) => {
          const row = (result as unknown as { rows: { count: unknown; ttl: unknown }[] }).rows[0];
          if (!row) return callback(new Error('the rate-limit counter returned no row'));
          sinceSweep += 1;
          if (sinceSweep >= SWEEP_EVERY) sweep();
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** A route with limits of its own counts under its own keys. */
    child(options: ChildOptions): DatabaseStore {
      const { method, url } = (options as MergedRouteOptions).routeInfo ?? {};
      const route = url ? `${[method ?? ''].flat().join(',')} ${url}|` : 'custom|';
      return new DatabaseStore(`${this.prefix}${route}`);
    }
  }
  return DatabaseStore;
}

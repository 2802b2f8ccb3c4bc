import { setNewest } from '../runtime/set-newest';

/** Requests remembered at most; the oldest go first (a status screen polls for minutes). */
const MAX_ENTRIES = 50_000;

export interface QuietPeriods {
  /** Whether `key` is still within the quiet period last set for it. */
  isQuiet(key: string): boolean;
  /** Nothing is to be done for `key` for the next `ms` milliseconds. */
  until(key: string, ms: number): void;
}

/**
 * In-process memory of "nothing to do for this key until then". It only saves queries whose
 * answer is already known: the database's claim (stale-attempts.ts) stays the rule across
 * instances, and a restart merely asks the database once more.
 */
export function createQuietPeriods(
  now: () => number = Date.now,
  maxEntries = MAX_ENTRIES,
): QuietPeriods {
  const quietUntil = new Map<string, number>();
  return {
    isQuiet(key) {
      const until = quietUntil.get(key);
      if (until === undefined) return false;
      if (until > now()) return true;
      quietUntil.delete(key);
      return false;
    },
    until(key, ms) {
      setNewest(quietUntil, key, now() + ms, maxEntries);
    },
  };
}

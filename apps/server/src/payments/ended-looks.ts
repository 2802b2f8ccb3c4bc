import { setNewest } from '../runtime/set-newest';

/** Requests remembered at most; the oldest go first (a reader's row read takes milliseconds). */
const MAX_ENTRIES = 50_000;

export interface EndedLooks {
  /** How many looks have ended so far: a reader takes it before it reads its row. */
  sequence(): number;
  /** `look`, a look at `key`'s attempts, has just ended. */
  ended(key: string, look: Promise<boolean>): void;
  /** The last look at `key` that ended after `sequence` was taken, if any. */
  endedSince(key: string, sequence: number): Promise<boolean> | undefined;
}

/**
 * In-process memory of the last look at each request's attempts and when it ended, in an
 * order rather than a clock. A status read whose row was read while a look was under way may
 * hold the row from before it; once that look has ended, asking for one more finds the quiet
 * period and nothing to share, so the reader learns here that its row may be older than the
 * look's, and takes the row read after it (read-payment-status.ts).
 */
export function createEndedLooks(maxEntries = MAX_ENTRIES): EndedLooks {
  let count = 0;
  const last = new Map<string, { sequence: number; look: Promise<boolean> }>();
  return {
    sequence: () => count,
    ended(key, look) {
      count += 1;
      setNewest(last, key, { sequence: count, look }, maxEntries);
    },
    endedSince(key, sequence) {
      const entry = last.get(key);
      return entry !== undefined && entry.sequence > sequence ? entry.look : undefined;
    },
  };
}

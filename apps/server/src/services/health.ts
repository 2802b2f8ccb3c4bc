import type { Database } from '../db/client';
import { pingDatabase } from '../db/client';

/** Whether the database answers in time (a health probe must never hang). */
export function isDatabaseUp(db: Database): Promise<boolean> {
  return pingDatabase(db);
}

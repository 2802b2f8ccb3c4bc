import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { caseStates } from '@unban/contract/case-states';
import { paymentStates } from '@unban/contract/payment-states';
import type { Database, Transaction } from './client';
import type { RequestRow } from './schema';

/**
 * The NOTIFY channel on which a committed change of a case is announced to every server
 * instance on the database (PGlite delivers it in-process). See
 * docs/decisions/013-live-updates.md.
 */
export const CASE_CHANGES_CHANNEL = 'unban_case_changes';

/**
 * What a notice says: enough to route it to the listeners who may see the case (its owner,
 * the holder of its status link) and to tell a page whether it is behind. The owner's uid
 * stays on the server: the stream sends the client only the id, the states and the version.
 */
export const caseChangeNoticeSchema = z.object({
  requestId: z.uuid(),
  ownerUid: z.string().min(1),
  caseState: z.enum(caseStates),
  paymentState: z.enum(paymentStates),
  version: z.number().int().positive(),
});
export type CaseChangeNotice = z.infer<typeof caseChangeNoticeSchema>;

export type CaseChangeRow = Pick<
  RequestRow,
  'id' | 'ownerUid' | 'caseState' | 'paymentState' | 'version'
>;

/**
 * Announces a change of the case in the caller's transaction: Postgres (and PGlite) deliver
 * a NOTIFY only when the transaction commits, and never when it rolls back, so a listener
 * hears exactly of the changes that happened. Call it after the row was updated, with the
 * updated row.
 */
export async function notifyCaseChanged(
  executor: Database | Transaction,
  row: CaseChangeRow,
): Promise<void> {
  const notice: CaseChangeNotice = {
    requestId: row.id,
    ownerUid: row.ownerUid,
    caseState: row.caseState,
    paymentState: row.paymentState,
    version: row.version,
  };
  await executor.execute(sql`select pg_notify(${CASE_CHANGES_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** The notice in a NOTIFY payload, or null when it is not one (never throws). */
export function parseCaseChangeNotice(payload: string): CaseChangeNotice | null {
  try {
    const parsed = caseChangeNoticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

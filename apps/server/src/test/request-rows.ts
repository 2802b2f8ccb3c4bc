import type { Database } from '../db/client';
import { requests } from '../db/schema';
import { generateReference } from '../domain/reference';

type RequestValues = typeof requests.$inferInsert;

/**
 * A request written straight to the database with plausible answers, for tests of the
 * figures read over many cases (dashboard, public results), which need rows in given states
 * and plans rather than the journey that would put them there. Returns its id.
 */
export async function insertRequestRow(
  db: Database,
  values: Partial<RequestValues> & Pick<RequestValues, 'caseState'>,
): Promise<string> {
  const [row] = await db
    .insert(requests)
    .values({
      reference: generateReference(),
      ownerUid: 'owner',
      statusTokenHash: 'x'.repeat(64),
      messagingApp: 'whatsapp',
      phoneE164: '+447700900123',
      accountType: 'personal',
      device: 'android',
      banMessage: 'Banned',
      bannedAtApprox: 'today',
      usage: 'Chats',
      contactEmail: 'a@example.com',
      plan: 'standard',
      priceAmount: 4900,
      currency: 'USD',
      ...values,
    })
    .returning({ id: requests.id });
  if (!row) throw new Error('Inserting a request returned no row');
  return row.id;
}

import type { CaseState } from '@unban/contract/case-states';
import { asc, eq, like } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailboxMessages, outbox, requests } from '../db/schema';
import { createStatusToken } from '../domain/status-token';
import { emailPayloadSchema } from '../jobs/email-outbox';

let counter = 0;

/** A stored request written directly: the e-mail tests are about what happens after. */
export async function insertTestRequest(
  db: Database,
  values: { caseState?: CaseState; contactEmail?: string } = {},
) {
  counter += 1;
  const [row] = await db
    .insert(requests)
    .values({
      reference: `UB-MAIL${String(counter).padStart(4, '0')}`,
      ownerUid: 'owner-uid',
      statusTokenHash: createStatusToken().hash,
      messagingApp: 'whatsapp',
      phoneE164: '+12025550143',
      accountType: 'personal',
      device: 'android',
      banMessage: 'Banned.',
      bannedAtApprox: 'today',
      usage: 'Family chats.',
      contactEmail: values.contactEmail ?? `customer${counter}@example.test`,
      plan: 'standard',
      priceAmount: 4900,
      currency: 'USD',
      caseState: values.caseState ?? 'awaiting_payment',
    })
    .returning();
  if (!row) throw new Error('Inserting a test request returned no row');
  return row;
}

/** The e-mail jobs of one request (or all), oldest first. */
export async function emailJobs(db: Database, requestId?: string) {
  const rows = await db
    .select()
    .from(outbox)
    .where(like(outbox.kind, 'email.%'))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
  return requestId
    ? rows.filter(
        // Appeals (email.appeal) have a payload of their own, without template data.
        (row) => emailPayloadSchema.safeParse(row.payload).data?.data.requestId === requestId,
      )
    : rows;
}

export async function mailboxOf(db: Database, to: string) {
  return db.select().from(mailboxMessages).where(eq(mailboxMessages.toAddress, to));
}

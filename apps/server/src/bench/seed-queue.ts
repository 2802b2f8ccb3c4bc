import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client';

/**
 * `npm run bench` seeds the back-office queue with this many requests before the server
 * starts (the embedded database belongs to one process, so it cannot be seeded beside it).
 * Usage: tsx seed-queue.ts <count>, with DATABASE_URL or DATA_DIR as the server would use.
 */
const count = Number(process.argv[2] ?? 100_000);
const caseStates = [
  'awaiting_payment',
  'queued',
  'in_review',
  'needs_info',
  'appeal_submitted',
  'unbanned',
  'denied',
  'refunded',
];

const database = await createDatabase({
  databaseUrl: process.env.DATABASE_URL || null,
  dataDir: process.env.DATA_DIR ?? '.data',
});
try {
  await database.migrate();
  // One statement: the rows differ in state, plan, app, age, e-mail and number, so filters
  // and searches select realistic fractions of the table.
  await database.db.execute(sql`
    insert into requests (
      id, reference, owner_uid, status_token_hash, messaging_app, phone_e164, account_type,
      device, ban_message, banned_at_approx, usage, contact_email, plan, price_amount, currency,
      case_state, payment_state, created_at, updated_at)
    select
      gen_random_uuid(),
      'UB-' || upper(lpad(to_hex(g), 8, '0')),
      'bench-owner-' || (g % 5000),
      md5('token-' || g),
      case when g % 5 = 0 then 'whatsapp_business' else 'whatsapp' end,
      '+1202' || lpad((g % 10000000)::text, 7, '0'),
      case when g % 4 = 0 then 'business' else 'personal' end,
      case when g % 2 = 0 then 'android' else 'iphone' end,
      'This account is not allowed to use WhatsApp due to spam.',
      'this_week',
      'Family and work chats',
      'customer' || g || '@example.com',
      case when g % 3 = 0 then 'priority' else 'standard' end,
      case when g % 3 = 0 then 8900 else 4900 end,
      'USD',
      (${sql.raw(`array[${caseStates.map((s) => `'${s}'`).join(',')}]`)})[1 + g % ${caseStates.length}],
      case when g % ${caseStates.length} = 0 then 'unpaid' else 'paid' end,
      now() - make_interval(mins => g),
      now() - make_interval(mins => g)
    from generate_series(1, ${count}) as g`);
  console.log(`Seeded ${count} requests.`);
} finally {
  await database.close();
}

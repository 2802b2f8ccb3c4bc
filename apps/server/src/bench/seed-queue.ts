import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client';
import type { Transaction } from '../db/client';

/**
 * `npm run bench` seeds the back-office queue with this many requests before the server
 * starts (the embedded database belongs to one process, so it cannot be seeded beside it).
 * Usage: tsx seed-queue.ts <count>, with DATABASE_URL or DATA_DIR as the server would use.
 *
 * Set-based: a few INSERT … SELECT FROM generate_series statements, one per table, so a
 * million requests take minutes, not hours. Every request gets a realistic shape: a case
 * state with the matching payment state, a checkout attempt, and a timeline of one to four
 * events leading to its state. Requests are one minute apart, the newest a minute old.
 */
const count = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(count) || count < 1) {
  console.error('Usage: tsx seed-queue.ts <count of requests>');
  process.exit(2);
}

/** Case states in the proportions of a queue that has been running for a while. */
const caseStates = [
  'awaiting_payment',
  'queued',
  'in_review',
  'needs_info',
  'appeal_submitted',
  'unbanned',
  'denied',
  'refunded',
] as const;
const stateCount = caseStates.length;

/*
 * Row g (1 … count) is the same request in every statement, so payments and timelines point
 * at their request without reading it back: the ids are computed from g. They are UUIDv7
 * like the application's (time first), so the indexes grow at their end as in production.
 */
const createdAt = sql.raw(`(now() - make_interval(mins => g))`);
const state = sql.raw(
  `((array[${caseStates.map((s) => `'${s}'`).join(',')}])[1 + g % ${stateCount}])`,
);
/** A UUIDv7 made of the time `at` and 74 bits of md5(`seed`), both SQL expressions. */
const uuidV7 = (at: string, seed: string) =>
  sql.raw(
    `(lpad(to_hex((extract(epoch from ${at}) * 1000)::bigint), 12, '0') || '7' ||
      substr(md5(${seed}), 1, 3) || '8' || substr(md5(${seed}), 4, 15))::uuid`,
  );
const requestId = uuidV7(`(now() - make_interval(mins => g))`, `'request' || g`);

async function seedRequests(db: Transaction): Promise<void> {
  await db.execute(sql`
    insert into requests (
      id, reference, owner_uid, status_token_hash, messaging_app, phone_e164, account_type,
      device, ban_message, banned_at_approx, usage, contact_email, plan, price_amount, currency,
      case_state, payment_state, version, checkout_attempts, paid_at, outcome_at,
      outcome_state, created_at, updated_at)
    select
      ${requestId},
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
      ${state},
      case ${state} when 'awaiting_payment' then 'unpaid' when 'refunded' then 'refunded'
        else 'paid' end,
      1 + least(3, g % ${stateCount}),
      1,
      -- The times of the timeline's paid move (step 1) and outcome (step 3), as the moves
      -- stamp them (seedTimelines writes the rows).
      case when g % ${stateCount} >= 1 then ${createdAt} + interval '7 minutes' end,
      case when ${state} in ('unbanned', 'denied') then ${createdAt} + interval '21 minutes' end,
      case when ${state} in ('unbanned', 'denied') then ${state} end,
      ${createdAt},
      ${createdAt} + make_interval(mins => least(3, g % ${stateCount}) * 7)
    from generate_series(1, ${count}) as g`);
}

async function seedPayments(db: Transaction): Promise<void> {
  // One checkout attempt each: abandoned (expired) while awaiting payment, else paid (and
  // refunded for refunded cases). No attempt is left open, so the stale-payment sweep has
  // nothing of the seed's to ask the provider about.
  await db.execute(sql`
    insert into payments (
      id, request_id, provider, provider_session_id, amount, currency, state, checkout_url,
      provider_payment_intent, refund_requested_amount, refunded_amount, created_at, updated_at)
    select
      ${uuidV7(`(now() - make_interval(mins => g) + interval '1 second')`, `'payment' || g`)},
      ${requestId},
      'sandbox',
      'sbx_seed_' || g,
      case when g % 3 = 0 then 8900 else 4900 end,
      'USD',
      case ${state} when 'awaiting_payment' then 'expired' when 'refunded' then 'refunded'
        else 'paid' end,
      null,
      case ${state} when 'awaiting_payment' then null else 'pi_seed_' || g end,
      case ${state} when 'refunded' then case when g % 3 = 0 then 8900 else 4900 end else 0 end,
      case ${state} when 'refunded' then case when g % 3 = 0 then 8900 else 4900 end else 0 end,
      ${createdAt} + interval '1 second',
      ${createdAt} + interval '5 minutes'
    from generate_series(1, ${count}) as g`);
}

async function seedTimelines(db: Transaction): Promise<void> {
  // step 0: the request was received; 1: paid → queued; 2: an operator took it; 3: its
  // state now. A request has the steps up to its state's position in the list above.
  await db.execute(sql`
    insert into case_events (
      id, request_id, actor_type, actor_uid, from_state, to_state, message_to_customer,
      created_at)
    select
      ${uuidV7(
        `(now() - make_interval(mins => g) + make_interval(mins => step * 7))`,
        `'event' || step || '-' || g`,
      )},
      ${requestId},
      case when step = 2 or step = 3 and ${state} <> 'refunded' then 'operator' else 'system' end,
      case when step >= 2 then 'bench-operator' end,
      case step when 0 then null when 1 then 'awaiting_payment' when 2 then 'queued'
        else 'in_review' end,
      case step when 0 then 'awaiting_payment' when 1 then 'queued' when 2 then 'in_review'
        else ${state} end,
      case step
        when 0 then 'Request received. Your case joins the queue as soon as your payment is confirmed.'
        when 1 then 'Payment received. Your case is in the queue.'
        else null end,
      ${createdAt} + make_interval(mins => step * 7)
    from generate_series(1, ${count}) as g
    cross join lateral generate_series(0, least(3, g % ${stateCount})) as step`);
}

const database = await createDatabase({
  databaseUrl: process.env.DATABASE_URL || null,
  dataDir: process.env.DATA_DIR ?? '.data',
});
try {
  await database.migrate();
  const started = performance.now();
  // One transaction: now() is then the same instant in every statement, which the computed
  // ids rely on, and a failed seed leaves nothing behind.
  await database.db.transaction(async (tx) => {
    for (const [table, seed] of [
      ['requests', seedRequests],
      ['payments', seedPayments],
      ['case events', seedTimelines],
    ] as const) {
      const at = performance.now();
      await seed(tx);
      console.log(`  ${table}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
    }
  });
  // Fresh statistics, so the first queries plan on the table as it is now, and the visibility
  // map a database in use has (after inserts, autovacuum passes over a table on PostgreSQL, the
  // server's upkeep on the embedded database: decision 028), so an index that holds every
  // column a query reads answers it without visiting the rows.
  const vacuumStarted = performance.now();
  await database.db.execute(sql`vacuum analyze requests, payments, case_events`);
  console.log(`  vacuum: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
  console.log(
    `Seeded ${count.toLocaleString('en')} requests (${database.driver}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}

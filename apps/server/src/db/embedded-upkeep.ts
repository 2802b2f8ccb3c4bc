import { sql } from 'drizzle-orm';
import type { Database } from './client';

/*
 * The upkeep that PostgreSQL's autovacuum does on a server, done for the embedded database.
 *
 * PGlite runs PostgreSQL as one backend with no background workers: `autovacuum` reads `on`,
 * yet no table is ever vacuumed or analyzed. The planner then never learns what a table
 * holds (at 100,000 requests the dashboard and the queue's filtered page took about twice as
 * long as after one ANALYZE: decision 028), dead rows and their index entries
 * are never reclaimed (the outbox, whose rows are updated as e-mails go out), and no page is
 * ever marked all-visible, so an index-only scan still reads every row. So the server asks,
 * now and then, which tables autovacuum would have taken, by its own rule and settings, and
 * vacuums or analyzes those.
 */

/** One table's pass, for the log. */
export interface UpkeepPass {
  table: string;
  vacuumed: boolean;
  analyzed: boolean;
  ms: number;
}

interface DueTable {
  schemaName: string;
  tableName: string;
  needsVacuum: boolean;
  needsAnalyze: boolean;
}

/*
 * autovacuum's rule (PostgreSQL's "The Autovacuum Daemon"): vacuum when the dead rows, or the
 * rows inserted since the last vacuum, pass a threshold plus a fraction of the table's rows;
 * analyze when the rows changed since the last analyze do. A negative insert threshold turns
 * the insert rule off, as in PostgreSQL.
 *
 * Those counts live in memory only: PGlite keeps no statistics file, so each start of the
 * server begins them at zero and what changed before is forgotten. The catalog does keep the
 * table's size in pages as its last vacuum or analyze (or index build) saw it, so a table that
 * has since grown by the same fractions, counted in pages, is due too; a table never analyzed
 * (reltuples -1) that holds rows at all, at once.
 */
const dueTables = sql`
  with settings as (
    select
      current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
      current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
      current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
      current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
      current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
      current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale,
      current_setting('block_size')::float8 as page_bytes
  ),
  tables as (
    select stats.schemaname, stats.relname, stats.n_dead_tup, stats.n_ins_since_vacuum,
      stats.n_mod_since_analyze, greatest(class.reltuples, 0) as row_estimate,
      class.reltuples < 0 as never_analyzed, class.relpages as pages_then,
      pg_relation_size(class.oid) / settings.page_bytes as pages_now
    from pg_stat_user_tables stats
    join pg_class class on class.oid = stats.relid
    cross join settings
  ),
  judged as (
    select schemaname, relname,
      n_dead_tup > vacuum_base + vacuum_scale * row_estimate
        or (insert_base >= 0 and n_ins_since_vacuum > insert_base + insert_scale * row_estimate)
        or (insert_base >= 0 and pages_now > 1 + (1 + insert_scale) * pages_then)
        or (never_analyzed and pages_now > 0)
        as needs_vacuum,
      n_mod_since_analyze > analyze_base + analyze_scale * row_estimate
        or pages_now > 1 + (1 + analyze_scale) * pages_then
        or (never_analyzed and pages_now > 0)
        as needs_analyze
    from tables, settings
  )
  select schemaname as "schemaName", relname as "tableName",
    needs_vacuum as "needsVacuum", needs_analyze as "needsAnalyze"
  from judged
  where needs_vacuum or needs_analyze
  order by schemaname, relname`;

/** The tables autovacuum would take now, and what it would do to each. */
export async function tablesDueForUpkeep(db: Database): Promise<DueTable[]> {
  // Both drivers answer `{ rows }`; Drizzle's common type does not say so.
  const result = await db.execute(dueTables);
  return (result as unknown as { rows: DueTable[] }).rows;
}

/**
 * Vacuums and analyzes the tables that are due, one statement at a time, so the requests that
 * arrive meanwhile take their turns between them (the embedded database runs one statement at
 * a time: a pass over the requests at 100,000 holds it for about a second). Returns what it
 * did.
 */
export async function upkeepDueTables(db: Database): Promise<UpkeepPass[]> {
  const passes: UpkeepPass[] = [];
  for (const due of await tablesDueForUpkeep(db)) {
    const table = sql`${sql.identifier(due.schemaName)}.${sql.identifier(due.tableName)}`;
    const started = performance.now();
    if (due.needsVacuum) {
      await db.execute(due.needsAnalyze ? sql`vacuum (analyze) ${table}` : sql`vacuum ${table}`);
    } else {
      await db.execute(sql`analyze ${table}`);
    }
    passes.push({
      table: due.tableName,
      vacuumed: due.needsVacuum,
      analyzed: due.needsAnalyze,
      ms: Math.round(performance.now() - started),
    });
  }
  return passes;
}

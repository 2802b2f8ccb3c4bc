import fp from 'fastify-plugin';
import { deleteAbandonedUnpaidRequests } from '../services/retention';
import { every } from '../runtime/every';

export interface RetentionSweepOptions {
  /** How often unpaid, abandoned requests are looked for; 0 turns the sweep off. */
  intervalMs?: number;
}

/** Hourly: the period is counted in days, so an hour late is well within the promise. */
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes unpaid, abandoned requests older than RETENTION_UNPAID_DAYS, in every instance
 * (the use case locks what it deletes, so instances never collide). Register after
 * app-context and the evidence store.
 */
export const retentionSweepPlugin = fp<RetentionSweepOptions>(
  async (app, { intervalMs = DEFAULT_INTERVAL_MS }) => {
    const stop = every(
      intervalMs,
      async () => {
        const deleted = await deleteAbandonedUnpaidRequests(
          { db: app.db, store: app.evidenceStore },
          app.config.retentionUnpaidDays,
        );
        if (deleted > 0) app.log.info({ deleted }, 'deleted unpaid, abandoned requests');
      },
      (error: unknown) => app.log.error({ err: error }, 'retention sweep failed'),
    );
    app.addHook('onClose', stop);
  },
  {
    name: 'retention-sweep',
    fastify: '5.x',
    dependencies: ['app-context', 'evidence-store'],
  },
);

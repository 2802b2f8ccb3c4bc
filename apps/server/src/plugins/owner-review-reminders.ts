import fp from 'fastify-plugin';
import { sweepOwnerReviewReminders } from '../cases/owner-review-reminders';
import { every } from '../runtime/every';

export interface OwnerReviewRemindersPluginOptions {
  /** How often to look for owners to remind; 0 turns the sweep off. */
  sweepMs?: number;
}

const DEFAULT_SWEEP_MS = 5 * 60_000;

/**
 * Reminds the owner once by e-mail when they have not confirmed the in-app review we asked
 * for within OWNER_REVIEW_REMINDER_HOURS (cases/owner-review-reminders.ts), every five
 * minutes, one sweep at a time per process. Register after app-context.
 */
export const ownerReviewRemindersPlugin = fp<OwnerReviewRemindersPluginOptions>(
  (app, { sweepMs = DEFAULT_SWEEP_MS }, done) => {
    const { reminderAfterHours } = app.config.ownerReview;
    const stop = every(
      sweepMs,
      () => sweepOwnerReviewReminders(app.db, { reminderAfterHours }),
      (error: unknown) => app.log.error({ err: error }, 'owner review reminder sweep failed'),
    );
    app.addHook('onClose', stop);
    done();
  },
  { name: 'owner-review-reminders', fastify: '5.x', dependencies: ['app-context'] },
);

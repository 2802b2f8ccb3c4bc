import fp from 'fastify-plugin';
import { sweepReplyAlerts } from '../cases/reply-alerts';
import { every } from '../runtime/every';

export interface ReplyAlertsPluginOptions {
  /** How often to look for deadlines to warn about; 0 turns the sweep off. */
  sweepMs?: number;
}

const DEFAULT_SWEEP_MS = 60_000;

/**
 * Warns the operators by e-mail before a plan's reply deadline is missed
 * (cases/reply-alerts.ts), every minute, one sweep at a time per process. Register after
 * app-context (it reads `app.config` and `app.db`).
 */
export const replyAlertsPlugin = fp<ReplyAlertsPluginOptions>(
  (app, { sweepMs = DEFAULT_SWEEP_MS }, done) => {
    const { alertBeforeMinutes, alertTo } = app.config.replyDeadlines;
    const stop = every(
      sweepMs,
      () => sweepReplyAlerts(app.db, { alertBeforeMinutes, alertTo }),
      (error: unknown) => app.log.error({ err: error }, 'reply deadline alert sweep failed'),
    );
    app.addHook('onClose', stop);
    done();
  },
  { name: 'reply-alerts', fastify: '5.x', dependencies: ['app-context'] },
);

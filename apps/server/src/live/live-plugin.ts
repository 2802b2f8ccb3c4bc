import fastifySse from '@fastify/sse';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { liveEventNames } from '@unban/contract/live-events';
import { CASE_CHANGES_CHANNEL, parseCaseChangeNotice } from '../db/case-change-notice';
import type { DatabaseHandle } from '../db/client';
import { createCaseChangeHub } from './case-change-hub';
import type { CaseChangeHub } from './case-change-hub';
import { createStreamTickets } from './stream-tickets';
import type { StreamScope, StreamTickets } from './stream-tickets';

/*
 * Live updates (docs/decisions/013-live-updates.md): every committed change of a case is
 * NOTIFYed in its own transaction (db/case-change-notice.ts); each instance LISTENs once and
 * hands the notice to the streams it holds open for that case's owner or order. The module's
 * only face is `app.live`.
 */

/** The live-update module as routes see it (`app.live`). */
export interface Live {
  readonly tickets: StreamTickets;
  /**
   * Turns the reply (of a route declared with `sse: 'only'`) into a stream of the scope's
   * case changes, open until either side closes it.
   * @throws AppError RATE_LIMITED or SERVICE_UNAVAILABLE past the stream limits
   */
  stream(reply: FastifyReply, scope: StreamScope): Promise<void>;
  /** Open streams on this instance. */
  readonly openStreams: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

export interface LivePluginOptions {
  /** Where committed changes are heard: the database's LISTEN (PGlite: in-process). */
  source: Pick<DatabaseHandle, 'listen'>;
  /** AppConfig.liveTicketSecret. */
  ticketSecret: string | null;
  /** How often every stream gets a heartbeat event. */
  heartbeatMs?: number;
  perScopeLimit?: number;
  totalLimit?: number;
}

/**
 * Often enough that a proxy with a one-minute idle timeout keeps the connection, and that a
 * page notices a dead connection (no heartbeat for a while) within about half a minute.
 */
export const HEARTBEAT_MS = 15_000;
/** A customer's tabs and devices on one case or one account; more is a runaway loop. */
export const STREAMS_PER_SCOPE = 5;
/** Each stream holds a socket and some memory; past this the pages poll instead. */
export const STREAMS_PER_INSTANCE = 20_000;
/** The pause before listening is tried again after the database refused it. */
const LISTEN_RETRY_MS = 5_000;
/** What EventSource waits before reconnecting by itself (our page usually does it first). */
const RECONNECT_HINT_MS = 3_000;

export const livePlugin = fp<LivePluginOptions>(
  async (app, options) => {
    const hub: CaseChangeHub = createCaseChangeHub({
      perScopeLimit: options.perScopeLimit ?? STREAMS_PER_SCOPE,
      totalLimit: options.totalLimit ?? STREAMS_PER_INSTANCE,
    });
    const tickets = createStreamTickets(options.ticketSecret);

    // Heartbeats are events, not SSE comments: a page never sees a comment, and it needs
    // to notice a silent connection. One timer for all streams.
    await app.register(fastifySse, { heartbeatInterval: 0 });

    const listener = {
      onPayload: (payload: string) => {
        const notice = parseCaseChangeNotice(payload);
        if (notice) hub.publish(notice);
        else app.log.warn('ignored a malformed case-change notice');
      },
      // The listening connection was down for a while: changes may have gone unheard.
      onGap: () => hub.broadcast(liveEventNames.resync, {}),
    };
    // A database that does not answer at start must not keep the API down (health says
    // so): listening is tried again in the background, and the pages poll meanwhile.
    let stopListening: (() => Promise<void>) | null = null;
    let closing = false;
    let retry: NodeJS.Timeout | undefined;
    const startListening = async (): Promise<void> => {
      try {
        stopListening = await options.source.listen(CASE_CHANGES_CHANNEL, listener);
        if (closing) await stopListening();
      } catch (error) {
        if (closing) return;
        app.log.error({ err: error }, 'live updates: cannot listen for case changes; retrying');
        retry = setTimeout(() => {
          void startListening().then(() => stopListening && listener.onGap());
        }, LISTEN_RETRY_MS);
        retry.unref();
      }
    };
    await startListening();

    const heartbeat = setInterval(
      () => hub.broadcast(liveEventNames.heartbeat, {}),
      options.heartbeatMs ?? HEARTBEAT_MS,
    );
    heartbeat.unref();

    // Before the server stops taking connections: an open stream would hold close() open.
    app.addHook('preClose', async () => {
      clearInterval(heartbeat);
      hub.closeAll();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      await stopListening?.();
    });

    app.decorate('live', {
      tickets,
      async stream(reply, scope) {
        const sse = reply.sse;
        const unsubscribe = hub.subscribe(scope, {
          send: (event, data) => {
            if (!sse.isConnected) return;
            // A write to a connection that just went away is not an error worth a log.
            sse.send({ event, data }).catch(() => {});
          },
          close: () => sse.close(),
        });
        sse.onClose(unsubscribe);
        sse.keepAlive();
        // The page reads once now, so a change made while it connected is not missed.
        await sse.send({ event: liveEventNames.resync, data: {}, retry: RECONNECT_HINT_MS });
      },
      get openStreams() {
        return hub.size;
      },
    } satisfies Live);
  },
  { name: 'live', fastify: '5.x' },
);

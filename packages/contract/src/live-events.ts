/*
 * The live-update stream's event names, apart from the schemas (live.ts) so that the
 * payment-status screen's first load can use them without the schema library.
 */

/** The SSE event names the stream sends. */
export const liveEventNames = {
  /** A case changed: `data` is a caseChangeEvent. */
  caseChange: 'case-change',
  /** Sent every few seconds, so both ends notice a connection that died silently. */
  heartbeat: 'heartbeat',
  /**
   * The server may have missed changes (its database listener reconnected): read again.
   * Also sent once when the stream opens, so a page reads what changed while it connected.
   */
  resync: 'resync',
} as const;

/**
 * What the app says about the connection (issue 9, bad connections): the offline banner and the
 * one message for a write that could not reach the server. Shown verbatim by the client.
 */
export const CONNECTION_TEXTS = {
  offlineBanner: "You're offline. Showing what was last loaded.",
  /** Any write that got no answer (a button, a switch): the toast's description. */
  writeFailed: "No connection. Try again when you're back online.",
  /** A form with the member's own words (prayer request, note): nothing they typed is lost. */
  textKept: "No connection. Your text is kept — try again when you're back online.",
} as const;

/** Live event stream reconnection: first wait, doubling up to the cap, with up to 30% jitter. */
export const EVENT_STREAM_BACKOFF = { initialMs: 1_000, maxMs: 30_000, jitter: 0.3 } as const;

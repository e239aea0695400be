/**
 * Admin texts and the Recent Activity kinds, without zod, so the message files (contract/i18n)
 * carry them without the validation library (decision 0072). contract/admin.ts, which holds
 * the schemas, re-exports this module.
 */
export const ADMIN_TEXT = {
  lastOwner: "The church must keep at least one owner",
} as const;

/** The Recent Activity list (spec section 2, Admin Dashboard): the three entry kinds, newest first. */
export const ACTIVITY_KINDS = ["prayer", "poll-vote", "testimony"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_TITLES: Record<ActivityKind, string> = {
  prayer: "New prayer request",
  "poll-vote": "Poll response",
  testimony: "New testimony",
};
export const ACTIVITY_LIMIT = 10;

/** The Email card on the Admin dashboard (GET /api/admin/email-health). */
export const EMAIL_HEALTH_TEXT = {
  title: "Email",
  offline: "No mail server is set (SMTP_URL): emails are kept in the outbox and not sent.",
  healthy: "Every email is going out.",
  queued: "Waiting to send",
  retrying: "Retrying",
  sentLastDay: "Sent in the last day",
  failed: "Could not be sent",
  lastError: "Last error",
  retry: "Retry failed emails",
  retried: (n: number) => (n === 1 ? "1 email is queued again." : `${n} emails are queued again.`),
  retryFailed: "The failed emails could not be queued again",
  loadFailed: "Email health could not be loaded.",
};

/** The New cards card on the Admin dashboard (GET /api/admin/card-breaker; decision 0105). */
export const CARD_BREAKER_TEXT = {
  title: "New cards",
  open: "Taking new cards",
  openHint: "Gifts with a new card go through. If many are declined at once (card testing), they are paused and staff are told.",
  paused: "Paused: many new cards were declined",
  pausedHint: "Saved cards, recurring gifts and wallet balances still work.",
  pausedSince: "Paused since",
  resumesAt: "Resumes at",
  recent: (minutes: number) => `Last ${minutes} minutes`,
  declines: (declines: number, attempts: number) => `${declines} of ${attempts} new cards declined`,
  none: "No new cards tried",
  threshold: (declines: number, percent: number) => `Pauses at ${declines} or more declines that are over ${percent}% of attempts.`,
  resume: "Resume now",
  resumeConfirmTitle: "Take new cards again?",
  resumeConfirm: "Only do this if you know why the cards were declined (for example, the gateway was down). If someone is testing stolen cards, they can start again.",
  resumed: "New cards are taken again.",
  resumeFailed: "New cards could not be resumed",
  notPaused: "New cards are not paused.",
  loadFailed: "The new-card status could not be loaded.",
} as const;

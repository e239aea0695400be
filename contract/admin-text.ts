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

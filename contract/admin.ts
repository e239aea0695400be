import { z } from "./zod-setup";
import { ROLES } from "./roles";

export * from "./admin-text";
import { ACTIVITY_KINDS } from "./admin-text";

export const ZRoleChange = z.object({ role: z.enum(ROLES) });
export const ZUserIdParams = z.object({ id: z.uuid() });

export const ZUserSearch = z.object({ q: z.string().trim().max(100).optional() });
export const ZOutboxEntry = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });

/**
 * GET /api/admin/email-health (staff): how the outbox is doing. `mode` "outbox": no mail server
 * is set, so nothing is sent. `queued` waits to go (of which `retrying` after a temporary
 * failure), `failed` was refused for good or gave up; `lastError` is the latest failure's reason.
 */
export const ZEmailHealth = z.object({
  mode: z.enum(["smtp", "outbox"]),
  queued: z.number().int(),
  retrying: z.number().int(),
  sentLastDay: z.number().int(),
  failed: z.number().int(),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type EmailHealth = z.infer<typeof ZEmailHealth>;

/**
 * GET /api/admin/card-breaker (staff): the card-testing breaker (decision 0105). `paused` while
 * new cards are refused, since `pausedSince` until `resumesAt`; the decline rate of the breaker's
 * window (`windowMinutes`) and the thresholds that trip it. POST .../resume (owner) ends a pause.
 */
export const ZCardBreaker = z.object({
  paused: z.boolean(),
  pausedSince: z.string().nullable(),
  resumesAt: z.string().nullable(),
  windowMinutes: z.number().int(),
  declines: z.number().int(),
  attempts: z.number().int(),
  thresholdDeclines: z.number().int(),
  thresholdPercent: z.number().int(),
});
export type CardBreaker = z.infer<typeof ZCardBreaker>;

/** POST /api/admin/email/retry (owner): failed emails put back in the queue. */
export const ZEmailRetryResult = z.object({ retried: z.number().int() });
export type EmailRetryResult = z.infer<typeof ZEmailRetryResult>;

/** GET /api/admin/analytics (spec section 3, Admin analytics): givingTotal in dollars. */
export const ZAnalytics = z.object({
  activeMembers: z.number().int(),
  prayersToday: z.number().int(),
  notesCompleted: z.number().int(),
  givingTotal: z.number(),
});
export type Analytics = z.infer<typeof ZAnalytics>;

export const ZActivityItem = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** A short line about it (the poll question, the start of a testimony); never an anonymous author's name. */
  detail: z.string(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof ZActivityItem>;

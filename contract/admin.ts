import { z } from "./zod-setup";
import { ROLES } from "./roles";

export * from "./admin-text";
import { ACTIVITY_KINDS } from "./admin-text";

export const ZRoleChange = z.object({ role: z.enum(ROLES) });
export const ZUserIdParams = z.object({ id: z.uuid() });

export const ZUserSearch = z.object({ q: z.string().trim().max(100).optional() });
export const ZOutboxEntry = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });

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

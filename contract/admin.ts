import { z } from "./zod-setup";
import { ROLES } from "./roles";

export const ADMIN_TEXT = {
  lastOwner: "The church must keep at least one owner",
} as const;

export const ZRoleChange = z.object({ role: z.enum(ROLES) });
export const ZUserIdParams = z.object({ id: z.uuid() });

export const ZUserSearch = z.object({ q: z.string().trim().max(100).optional() });
export const ZOutboxEntry = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });

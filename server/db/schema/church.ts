import { pgTable, integer, text, jsonb, timestamp, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { Church } from "../../../contract/church";

/**
 * The one church this deployment serves (id is always 1). Seeded from the church config
 * file at every start (see server/shared/church-profile.ts), so editing that file and restarting
 * changes it.
 */
export const church = pgTable(
  "church",
  {
    id: integer("id").primaryKey().default(1),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    profile: jsonb("profile").$type<Church>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("church_single_row", sql`${t.id} = 1`)],
);

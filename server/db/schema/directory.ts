import { pgTable, uuid, boolean, timestamp, index } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";

/**
 * The church directory (issue 20, Connect → Directory, decision 0118). No row, or `listed`
 * false: the member is not in the directory other members search. Each `show_*` switch says
 * whether that one field is shown to other members; staff see every member's name and role,
 * and only the fields the member shared (server/features/directory/search-directory.ts).
 */
export const directoryListings = pgTable(
  "directory_listings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    listed: boolean("listed").notNull().default(false),
    /** When the member last turned the listing on (null while never listed). */
    listedAt: timestamp("listed_at", { withTimezone: true }),
    showPhoto: boolean("show_photo").notNull().default(false),
    showEmail: boolean("show_email").notNull().default(false),
    showPhone: boolean("show_phone").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("directory_listings_listed_idx").on(t.userId).where(sql`${t.listed}`)],
);

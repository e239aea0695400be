import { pgTable, uuid, boolean, timestamp, index, integer, bigint, check } from "drizzle-orm/pg-core";
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

/**
 * The directory's version (decision 0147): one row, its number raised in the same transaction as
 * every change to anything a directory answer shows (a member's name, email, phone, role,
 * listing, photo, a deleted account, a new or removed account), by deferred triggers that run at
 * commit, once per transaction (migration 0052). A page's answer kept in memory is served again
 * only while this number is the one it was read with: never stale, never another viewer's.
 * No app code writes it.
 */
export const directoryVersion = pgTable(
  "directory_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("directory_version_one_row", sql`${t.id} = 1`)],
);

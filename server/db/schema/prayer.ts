import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, boolean, primaryKey, index } from "drizzle-orm/pg-core";
import { users } from "./users";
import { PRAYER_CATEGORIES } from "../../../contract/prayer";

/** Prayer requests (spec section 3). An anonymous one keeps its author only for the author's own view. */
export const prayerRequests = pgTable(
  "prayer_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: PRAYER_CATEGORIES }).notNull().default("Other"),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    isUrgent: boolean("is_urgent").notNull().default(false),
    /** The author asked for the pastoral care team to see it (sent to the CRM when connected). Never true for anonymous requests. */
    shareWithCareTeam: boolean("share_with_care_team").notNull().default(false),
    isAnswered: boolean("is_answered").notNull().default(false),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** Hidden by staff: off the wall for everyone. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("prayer_requests_created_idx").on(t.createdAt),
    // Staff's wall (urgent first, then newest) is read by this index, not by sorting every request (issue 23).
    index("prayer_requests_staff_wall_idx").on(t.isUrgent, t.createdAt, t.id).where(sql`${t.hiddenAt} is null`),
  ],
);

/** "I prayed": once per member per request, enforced by the primary key. */
export const prayerPrayed = pgTable(
  "prayer_prayed",
  {
    prayerId: uuid("prayer_id")
      .notNull()
      .references(() => prayerRequests.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.prayerId, t.userId] })],
);

import { pgTable, uuid, date, text, integer, primaryKey, index } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Who used the app on which day (the church's calendar day), for the admin "Active Today"
 * tile. One row per member per day: the primary key makes repeated visits a no-op.
 */
export const memberActivity = pgTable(
  "member_activity",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index("member_activity_day_idx").on(t.day)],
);

/** What church_day_counts counts, one row per church day each. */
export const DAY_COUNT_KINDS = ["active", "prayers", "notes"] as const;

/**
 * The Dashboard's counts per church-calendar day (Analytics; issue 23, decision 0131): `active`,
 * the member_activity rows of the day (members who used the app); `prayers`, the prayer requests
 * and `notes`, the personal notes created that day on the church's clock (hidden prayers too).
 * Kept by triggers on those tables in the transaction of every change to them (insert, delete,
 * a cascade from a deleted account, truncate, a created_at moved), and rebuilt when the church's
 * time zone changes, as gift_day_totals is (decision 0123). A row whose count falls to 0 is
 * deleted, so the table always equals fresh counts (analytics-day-counts.test.ts).
 */
export const churchDayCounts = pgTable(
  "church_day_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: DAY_COUNT_KINDS }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] })],
);

import { pgTable, uuid, date, primaryKey, index } from "drizzle-orm/pg-core";
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

import { pgTable, uuid, text, timestamp, index } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";

/** First-time visitor cards from the public /visitors form (read by staff). */
export const visitors = pgTable(
  "visitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    heardFrom: text("heard_from").notNull(),
    prayerRequest: text("prayer_request"),
    /** Staff marked that someone reached out (Admin, Visitors); null until then. */
    followedUpAt: timestamp("followed_up_at", { withTimezone: true }),
    followedUpBy: uuid("followed_up_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Staff page the cards newest first by (created_at, id); the follow-up count reads the waiting ones only (issue 23).
  (t) => [index("visitors_created_idx").on(t.createdAt, t.id), index("visitors_waiting_idx").on(t.createdAt).where(sql`${t.followedUpAt} is null`)],
);

import { pgTable, uuid, text, timestamp, boolean, index, primaryKey } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Testimonies (spec section 3): submitted pending, shown once approved by staff. */
export const testimonies = pgTable(
  "testimonies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    isApproved: boolean("is_approved").notNull().default(false),
    /** When staff rejected it: out of the moderation queue, kept for the record, never shown. */
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("testimonies_approved_idx").on(t.isApproved, t.createdAt),
    // The newest, approved or not, for the Dashboard's Recent Activity (issue 23).
    index("testimonies_created_idx").on(t.createdAt),
  ],
);

/** One amen per member per testimony: the primary key makes a second amen a no-op. */
export const testimonyAmens = pgTable(
  "testimony_amens",
  {
    testimonyId: uuid("testimony_id")
      .notNull()
      .references(() => testimonies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.testimonyId, t.userId] })],
);

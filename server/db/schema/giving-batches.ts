import { pgTable, uuid, text, timestamp, date, index, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";
import { BATCH_STATUSES } from "../../../contract/giving-batches-text";

/**
 * A batch of cash and checks (issue 19; decision 0120): what the treasurer counted from one
 * collection (a Sunday's plate), entered as lines. Each line is a gift row (gifts.batch_id,
 * method cash or check; its plate details in giving_batch_lines), so it is in the donor's
 * history, the ledger, the totals and the statements like any gift. Open: lines may be added,
 * changed and removed; closed: locked for good (every edit is a 409). Never deleted.
 */
export const givingBatches = pgTable(
  "giving_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The day the money was given (church-zone calendar date): its gifts are dated that day. */
    date: date("date", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: BATCH_STATUSES }).notNull().default("open"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid("closed_by").references(() => users.id),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    // The list: newest collection first (keyset on date and id).
    index("giving_batches_date_idx").on(t.date, t.id),
    check("giving_batches_status_known", sql`${t.status} in ('open', 'closed')`),
    check("giving_batches_closed", sql`(${t.status} = 'closed') = (${t.closedAt} is not null and ${t.closedBy} is not null)`),
  ],
);

import { pgTable, uuid, text, integer, index, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { gifts } from "./giving";
import { givingBatches } from "./giving-batches";

/**
 * A batch line's plate details (issue 19; decision 0120), one row per gift of a batch (its
 * primary key is the gift's id, which is also the line's id in the API). The money itself, the
 * fund, the member who gave (or none) and the method are the gift row's: written once, read by
 * every reader of gifts. Here: the line's place in the batch, the check number or a bank
 * transfer's reference, and a donor without an account (name, optional email: a visitor's check
 * in the plate). Neither a member nor a name: an anonymous gift (loose cash).
 */
export const givingBatchLines = pgTable(
  "giving_batch_lines",
  {
    giftId: uuid("gift_id")
      .primaryKey()
      .references(() => gifts.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => givingBatches.id),
    /** Order of entry within the batch (1, 2, ...; gaps after a removal). */
    position: integer("position").notNull(),
    /** The check's number (method check; required there, null otherwise). */
    checkNumber: text("check_number"),
    /** A bank transfer's reference (method bank, optional; null otherwise; decision 0135). */
    reference: text("reference"),
    /** A donor without an account: their name (and email, for their year-end statement). Null for a member or anonymous. */
    donorName: text("donor_name"),
    donorEmail: text("donor_email"),
  },
  (t) => [
    index("giving_batch_lines_batch_idx").on(t.batchId, t.position),
    check("giving_batch_lines_email_has_name", sql`${t.donorEmail} is null or ${t.donorName} is not null`),
    // Statements for donors without an account find them by email (lower-cased when stored).
    index("giving_batch_lines_donor_email_idx").on(t.donorEmail).where(sql`${t.donorEmail} is not null`),
  ],
);

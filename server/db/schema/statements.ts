import { pgTable, uuid, text, timestamp, integer, primaryKey, index, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";
import { recurringGifts } from "./giving";
import { STATEMENT_OUTCOMES } from "../../../contract/giving-statements-text";

/**
 * A year's statement run (issue 19; decision 0121): one row per year. `POST
 * /api/admin/giving/statements` sets it `running` (again, for a year already done: donors who
 * got theirs are skipped by the deliveries' key); the job (server/jobs/statements.ts) writes
 * batches of donors in donor-key order after `cursor_donor_key`, each batch one transaction
 * under this row's lock, and sets it `done` when no donor is left. The counters move with the
 * batches.
 */
export const statementRuns = pgTable(
  "statement_runs",
  {
    year: integer("year").primaryKey(),
    status: text("status", { enum: ["running", "done"] }).notNull().default("running"),
    /** The last donor (by donor key) whose statement is claimed; null before the first batch. */
    cursorDonorKey: text("cursor_donor_key"),
    sent: integer("sent").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** Who asked, as they were named then (the record outlives the account). */
    requestedByName: text("requested_by_name").notNull().default(""),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("statement_runs_running_idx").on(t.status).where(sql`${t.status} = 'running'`)],
);

/**
 * The per-donor claim: one row per (year, donor), written in the same transaction as that
 * donor's queued email (with its PDF). The primary key is the "exactly once per donor per
 * year" rule, whatever crashes, restarts or second runs happen. `donor_key` names a donor
 * whatever their source: `u:<user id>` for a member's gifts, `e:<lower-case email>` for gifts
 * recorded with a name and email but no account (server/features/giving/statement-donors.ts).
 * `outcome`: sent (queued in the outbox: `email_id`), skipped (no email address), failed (the
 * statement could not be made: `error`). No name or address is kept here.
 */
export const statementDeliveries = pgTable(
  "statement_deliveries",
  {
    year: integer("year")
      .notNull()
      .references(() => statementRuns.year, { onDelete: "cascade" }),
    donorKey: text("donor_key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: STATEMENT_OUTCOMES }).notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The queued email (no foreign key: sent emails are pruned after EMAIL_RETENTION_DAYS). */
    emailId: uuid("email_id"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.donorKey] }),
    index("statement_deliveries_user_idx").on(t.userId),
    // The statements the mail server then refused (GET /api/admin/giving/statements/:year): from the
    // failed emails, few, to their deliveries, not from every delivery of the year to its email.
    index("statement_deliveries_email_idx").on(t.emailId),
  ],
);

/**
 * The members who gave in each year of the church's calendar (decision 0132): one row per year
 * and member donor key (`u:<user id>`, as statement-donors.ts names them) with the number of
 * their COMPLETED gifts that year. What a year's statement page counts (its donors, and those
 * still without a statement) instead of every gift of the year. Kept by the database in the
 * transaction of every change to `gifts`, as `gift_day_totals` is (decision 0123): statement
 * triggers call `koinonia_gift_donor_years()`, the year is `koinonia_church_day` on the church's
 * clock, and a change of the church's time zone rebuilds it. A row whose count falls to 0 is
 * deleted: the table always equals the members' donors of every year (statements.test.ts).
 * Donors without an account (a batch line's email) are few and still read from their gifts.
 */
export const giftDonorYears = pgTable(
  "gift_donor_years",
  {
    year: integer("year").notNull(),
    donorKey: text("donor_key").notNull(),
    giftCount: integer("gift_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.donorKey] })],
);

/**
 * How many members gave in each church year, and how many of them have their statement claimed
 * for it (decision 0140): one row per year of `gift_donor_years`, what a year's statement page
 * shows (its donors, and those still without a statement) without counting the year's rows of
 * `gift_donor_years` on every request. `donors`: that year's rows of `gift_donor_years`;
 * `delivered`: those of them with a `statement_deliveries` row of the year. Kept by the database
 * in the transaction of every change to either table (statement triggers; the year's row locked
 * first, so a donor and their delivery written at once by two transactions are counted once);
 * rebuilt by `koinonia_rebuild_gift_donor_year_counts()` after a truncate. A derived table: not
 * exported, rebuilt from the two it counts (gift-donor-year-counts.test.ts checks it against a
 * fresh count). Donors without an account (a batch line's email) are few and still counted from
 * their gifts.
 */
export const giftDonorYearCounts = pgTable("gift_donor_year_counts", {
  year: integer("year").primaryKey(),
  donors: integer("donors").notNull(),
  delivered: integer("delivered").notNull(),
});

/**
 * The "update your card" link of a recurring gift that stopped after its retries (decision
 * 0121): only the token's hash is kept; it works once (`used_at`) and until `expires_at`.
 */
export const cardUpdateLinks = pgTable(
  "card_update_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recurringGiftId: uuid("recurring_gift_id")
      .notNull()
      .references(() => recurringGifts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("card_update_links_gift_idx").on(t.recurringGiftId), check("card_update_links_expiry", sql`${t.expiresAt} > ${t.createdAt}`)],
);

import { pgTable, uuid, text, timestamp, integer, bigint, date, jsonb, primaryKey, index, check, uniqueIndex, boolean } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";
import { givingBatches } from "./giving-batches";
import { GIFT_METHODS } from "../../../contract/giving-funds-text";

/**
 * Funds a gift is given to (issue 19; decision 0113): 'General Fund' (the default, seeded by
 * the migration on every new database), Missions, Building... Names in English and Spanish
 * (an empty Spanish name shows the English one). Exactly one fund is the default (a gift
 * without a fund goes there): the partial unique index allows no second, and the use cases
 * only ever move the flag, never clear it. The default can't be archived (check). An archived
 * fund takes no new gifts but keeps its gifts and recurring gifts.
 */
export const funds = pgTable(
  "funds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es").notNull().default(""),
    description: text("description").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("funds_one_default_uq").on(t.isDefault).where(sql`${t.isDefault}`),
    uniqueIndex("funds_name_en_uq").on(sql`lower(${t.nameEn})`),
    check("funds_default_not_archived", sql`not (${t.isDefault} and ${t.archivedAt} is not null)`),
  ],
);

/**
 * The church's card processing fee (one row, id 1), which a giver may choose to cover
 * ("Cover the processing fee"): a percent in basis points (290 = 2.9%) and fixed cents.
 * No row, or both zero: the choice is not offered. contract/giving-fee.ts computes the fee.
 */
export const givingSettings = pgTable(
  "giving_settings",
  {
    id: integer("id").primaryKey().default(1),
    feePercentBps: integer("fee_percent_bps").notNull().default(0),
    feeFixedCents: integer("fee_fixed_cents").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("giving_settings_single_row", sql`${t.id} = 1`)],
);

/**
 * Giving (spec sections 2, 3 and 7). Money is integer cents. Of the card only the last four
 * digits and the brand are kept; recurring gifts are charged through the gateway's customer
 * profile, never a stored card (docs/architecture.md, Providers).
 */
export const recurringGifts = pgTable(
  "recurring_gifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** The fund every charge of this recurring gift goes to. */
    fundId: uuid("fund_id")
      .notNull()
      .references(() => funds.id),
    /** The processing fee the giver covers on every charge (fixed when set up; 0: not covered). Each charge is amount + fee. */
    feeCents: integer("fee_cents").notNull().default(0),
    frequency: text("frequency", { enum: ["weekly", "monthly", "yearly"] }).notNull(),
    /** Calendar date (church time zone) of the next charge. */
    nextPaymentDate: date("next_payment_date", { mode: "string" }).notNull(),
    /** Day of month the gift was set up on, so monthly/yearly dates clamped to a short month spring back. */
    anchorDay: integer("anchor_day").notNull(),
    status: text("status", { enum: ["ACTIVE", "PAUSED", "CANCELLED", "FAILED"] }).notNull().default("ACTIVE"),
    /**
     * Failed charge attempts for the period of nextPaymentDate (server/jobs/recurring-gifts.ts
     * retries a failed charge on the days in RECURRING_RETRY_DAYS, then sets FAILED).
     */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** Church-zone date of the next retry of a failed period's charge; null when none is pending. */
    retryDate: date("retry_date", { mode: "string" }),
    /** The gateway's reason for the last failed attempt (shown to the member, put in the FAILED email). */
    lastFailureReason: text("last_failure_reason"),
    gatewayProfileId: text("gateway_profile_id").notNull(),
    cardLastFour: text("card_last_four").notNull(),
    cardBrand: text("card_brand").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("recurring_gifts_user_idx").on(t.userId, t.createdAt),
    index("recurring_gifts_due_idx").on(t.status, t.nextPaymentDate),
    check("recurring_gifts_amount_positive", sql`${t.amountCents} > 0`),
    check("recurring_gifts_fee_not_negative", sql`${t.feeCents} >= 0`),
  ],
);

export const gifts = pgTable(
  "gifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The member who gave. Null only for a gift of a cash and check batch (decision 0120) from an
     * anonymous donor or from a donor without an account (their name is on its giving_batch_lines row).
     */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The gift to the church (what the fund receives), without the covered fee. */
    amountCents: integer("amount_cents").notNull(),
    fundId: uuid("fund_id")
      .notNull()
      .references(() => funds.id),
    /** The processing fee the giver chose to cover (0: not covered). The card was charged amount + fee. */
    feeCents: integer("fee_cents").notNull().default(0),
    /**
     * Cents given back (decision 0119): the sum of this gift's refunds that are completed or in
     * flight at the gateway (gift_refunds). A refund returns the gift first, then the covered
     * fee, so at most amount + fee; the fund keeps greatest(amount - refunded, 0).
     */
    refundedCents: integer("refunded_cents").notNull().default(0),
    status: text("status", { enum: ["COMPLETED", "FAILED"] }).notNull(),
    /** The gateway's transaction id (COMPLETED), null for a decline. */
    gatewayTransactionId: text("gateway_transaction_id").unique(),
    /** The gateway's reason for a FAILED gift. */
    failureReason: text("failure_reason"),
    recurringGiftId: uuid("recurring_gift_id").references(() => recurringGifts.id, { onDelete: "set null" }),
    /**
     * The period (church-zone date) a recurring gift's charge is for. One gift row per recurring
     * gift and period (unique index below): the COMPLETED charge, or the FAILED outcome once
     * every retry failed. Failed attempts before the last are counted on the recurring gift and
     * never make a row, so a period can never be recorded (or charged) twice.
     */
    periodDate: date("period_date", { mode: "string" }),
    /**
     * How it was paid: card, wallet (the balance), or cash, check and bank (a transfer to the
     * church's account): a batch line (decisions 0120, 0135).
     * Existing gifts were given card or wallet by whether they have a card; a check in the
     * migration's hand-written tail keeps card gifts (and only they) with a card's last four.
     */
    method: text("method", { enum: GIFT_METHODS }).notNull().default("card"),
    /** The batch this gift is a line of (method cash, check or bank), else null. */
    batchId: uuid("batch_id").references(() => givingBatches.id),
    /** Null for a gift from the wallet balance (no card). */
    cardLastFour: text("card_last_four"),
    cardBrand: text("card_brand"),
    /**
     * When the emailed receipt was claimed for sending (null: not sent yet). Claimed with a
     * conditional update, so a gift's receipt goes out once however many senders race.
     */
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("gifts_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("gifts_recurring_period_uq").on(t.recurringGiftId, t.periodDate),
    // The receipts sweep (server/jobs/gift-receipts.ts) reads only completed gifts still without a receipt.
    index("gifts_receipt_pending_idx").on(t.createdAt).where(sql`${t.receiptSentAt} is null and ${t.status} = 'COMPLETED'`),
    // Sums of completed gifts over a range: Admin's 'Given This Week', the ledger's totals per fund
    // and per week or month (decision 0122). Every column those sums read is in the index, so
    // PostgreSQL answers them from it alone (an index-only scan) without visiting the table.
    index("gifts_completed_cover_idx").on(t.createdAt, t.fundId, t.amountCents, t.feeCents, t.refundedCents, t.method).where(sql`${t.status} = 'COMPLETED'`),
    check("gifts_amount_positive", sql`${t.amountCents} > 0`),
    check("gifts_fee_not_negative", sql`${t.feeCents} >= 0`),
    check("gifts_refunded_within_gift", sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents} + ${t.feeCents}`),
    index("gifts_fund_idx").on(t.fundId, t.createdAt),
    // The ledger (newest first, keyset on created_at and id) and the totals of a date range.
    index("gifts_created_idx").on(t.createdAt, t.id),
    // A batch's lines and totals (decision 0120).
    index("gifts_batch_idx").on(t.batchId).where(sql`${t.batchId} is not null`),
    check("gifts_method_known", sql`${t.method} in ('card', 'wallet', 'cash', 'check', 'bank')`),
    check("gifts_batch_method", sql`(${t.batchId} is not null) = (${t.method} in ('cash', 'check', 'bank'))`),
    check("gifts_has_donor_or_batch", sql`${t.userId} is not null or ${t.batchId} is not null`),
  ],
);

/**
 * Completed gifts summed per church-calendar day, fund and method (issue 19; decision 0123): what
 * the ledger's totals read instead of every gift of the range (a five-year range is at most one
 * row per day, fund and method). Kept by the database itself, in the transaction of every change
 * to `gifts` (insert, update, delete, truncate): statement-level triggers on `gifts` call one
 * function, `koinonia_gift_day_totals()`, so no writer (a use case, a job, a seed, a bench's raw
 * SQL, a cascade) can forget it. The day is `created_at` on the church's clock
 * (`koinonia_church_day`); a change of the church's time zone rebuilds the table in the
 * transaction that changes it (a trigger on `church`). Net of refunds as NET_GIFT_CENTS and
 * NET_FEE_CENTS; `giftCount` counts the gifts. A row whose count falls to 0 is deleted, so the
 * table always equals a fresh aggregate of `gifts` (giving-day-totals.test.ts).
 */
export const giftDayTotals = pgTable(
  "gift_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    fundId: uuid("fund_id")
      .notNull()
      .references(() => funds.id),
    method: text("method", { enum: GIFT_METHODS }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    giftCount: integer("gift_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.fundId, t.method] })],
);

/**
 * A gift's refunds and voids (issue 19; decision 0119), one row each, so its history is kept.
 * A card refund is written `pending` (its cents already counted in gifts.refunded_cents, under
 * the gift's row lock, so concurrent refunds can never exceed the gift) before the gateway is
 * called, then `completed` with the gateway's reference, or `failed` with the gateway's reason
 * (its cents given back to the gift). A wallet or manual refund is written completed at once.
 * `request_key` is the staff member's id and Idempotency-Key: the gateway key too, so a retry
 * after a crash resumes the same refund and the gateway answers it as the same refund.
 */
export const giftRefunds = pgTable(
  "gift_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giftId: uuid("gift_id")
      .notNull()
      .references(() => gifts.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    method: text("method", { enum: ["void", "refund", "wallet", "manual"] }).notNull(),
    status: text("status", { enum: ["pending", "completed", "failed"] }).notNull(),
    /** Who refunded (null once that account is gone) and their name and email at the time. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    requestKey: text("request_key").notNull().unique(),
    /** The gateway's id of the void or refund (card refunds). */
    gatewayTransactionId: text("gateway_transaction_id").unique(),
    /** The wallet credit of a wallet gift's refund (wallet_transactions, type refund). */
    walletTransactionId: uuid("wallet_transaction_id"),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("gift_refunds_gift_idx").on(t.giftId, t.createdAt), check("gift_refunds_amount_positive", sql`${t.amountCents} > 0`)],
);

/**
 * One row per (member, Idempotency-Key): inserted before any charge, so two identical
 * concurrent requests cannot both charge. responseStatus is null while the first is in flight.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

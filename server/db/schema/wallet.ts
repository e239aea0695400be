import { pgTable, uuid, boolean, timestamp, integer, text, index, uniqueIndex, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";
import { gifts } from "./giving";

/**
 * Wallet and round-ups (spec sections 2, 3, 4 and 7; docs/decisions/0020-0023). Money is
 * integer cents. The ledger is wallet_transactions; wallets holds each member's balance,
 * changed only in the same database transaction as the ledger row that explains it, so
 * balance_cents is always the signed sum of the member's completed transactions.
 */

/**
 * Round-up giving: off until the member turns it on. One row per member. roundsUpFrom: bank
 * purchases made before it are never rounded up (set each time round-ups are switched on; the
 * first time, a week back, see ROUNDUP_LOOKBACK_DAYS).
 */
export const roundUpSettings = pgTable("roundup_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  isEnabled: boolean("is_enabled").notNull().default(false),
  roundsUpFrom: timestamp("rounds_up_from", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The member's balance, and every round-up ever saved. Never negative (checked by the database). */
export const wallets = pgTable(
  "wallets",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balanceCents: integer("balance_cents").notNull().default(0),
    roundUpAccumulatedCents: integer("round_up_accumulated_cents").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("wallets_balance_not_negative", sql`${t.balanceCents} >= 0`),
    check("wallets_round_ups_not_negative", sql`${t.roundUpAccumulatedCents} >= 0`),
  ],
);

/**
 * A linked bank login (a Plaid item, or the sandbox bank) and the one account of it whose card
 * purchases are rounded up. The access token is sealed with deps.secrets (context
 * `bank-account:<id>`). Unlinking keeps the row (the ledger refers to its purchases) and drops
 * the token. syncCursor: the provider's cursor; nextSyncAt: when the round-ups job may claim it.
 */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["sandbox", "plaid"] }).notNull(),
    itemId: text("item_id").notNull(),
    accessTokenSealed: text("access_token_sealed"),
    providerAccountId: text("provider_account_id").notNull(),
    institutionName: text("institution_name").notNull(),
    accountName: text("account_name").notNull(),
    mask: text("mask").notNull(),
    syncCursor: text("sync_cursor"),
    roundsUpFrom: timestamp("rounds_up_from", { withTimezone: true }).notNull(),
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
    unlinkedAt: timestamp("unlinked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bank_accounts_active_item_uq").on(t.userId, t.provider, t.itemId).where(sql`${t.unlinkedAt} is null`),
    index("bank_accounts_due_idx").on(t.nextSyncAt),
  ],
);

/**
 * Card purchases pulled from a linked bank: one row per bank transaction, ever (unique per
 * member, provider and the provider's transaction id), so no purchase is rounded up twice,
 * even by two syncs at once or after unlinking and linking again. roundUpCents is what was
 * added for it: 0 for whole-dollar purchases, refunds, and purchases before round-ups started.
 */
export const bankPurchases = pgTable(
  "bank_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankAccountId: uuid("bank_account_id")
      .notNull()
      .references(() => bankAccounts.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["sandbox", "plaid"] }).notNull(),
    providerTransactionId: text("provider_transaction_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    merchantName: text("merchant_name"),
    description: text("description").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
    roundUpCents: integer("round_up_cents").notNull().default(0),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bank_purchases_provider_txn_uq").on(t.userId, t.provider, t.providerTransactionId),
    check("bank_purchases_round_up_range", sql`${t.roundUpCents} >= 0 and ${t.roundUpCents} < 100`),
  ],
);

/**
 * Collecting round-ups (docs/decisions/0024): one ACH debit from a linked bank for the member's
 * pending round-ups of that bank. `initiating`: claimed, the debit not yet confirmed by the bank
 * (retried with the same idempotency key, this row's id); `pending`: the bank has the debit
 * (providerDebitId); `completed`: it settled and its round-ups were credited; `failed`: refused
 * or returned, its round-ups failed. nextCheckAt: when the collections job may claim it again
 * (a lease); notifiedAt: when the member was told of a failure.
 */
export const roundUpCollections = pgTable(
  "roundup_collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankAccountId: uuid("bank_account_id")
      .notNull()
      .references(() => bankAccounts.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["initiating", "pending", "completed", "failed"] }).notNull(),
    providerDebitId: text("provider_debit_id").unique(),
    failureReason: text("failure_reason"),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("roundup_collections_due_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.status} in ('initiating', 'pending') or (${t.status} = 'failed' and ${t.notifiedAt} is null)`),
    index("roundup_collections_user_idx").on(t.userId, t.createdAt),
    check("roundup_collections_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Saved payment methods. A card keeps only the gateway's customer profile id, brand, last four
 * and expiry (20YY), never the number or CVV. A bank account points at its linked bank.
 * Exactly one default per member while any exist: the partial unique index allows at most
 * one, and every change runs in one transaction under the member's wallet row lock.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["credit_card", "bank_account"] }).notNull(),
    provider: text("provider").notNull(),
    lastFour: text("last_four").notNull(),
    expiryMonth: integer("expiry_month"),
    expiryYear: integer("expiry_year"),
    cardBrand: text("card_brand"),
    bankName: text("bank_name"),
    isDefault: boolean("is_default").notNull().default(false),
    gatewayProfileId: text("gateway_profile_id"),
    bankAccountId: uuid("bank_account_id").references(() => bankAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_methods_one_default_uq").on(t.userId).where(sql`${t.isDefault}`),
    index("payment_methods_user_idx").on(t.userId, t.createdAt),
    check(
      "payment_methods_card_or_bank",
      sql`(${t.type} = 'credit_card' and ${t.gatewayProfileId} is not null and ${t.expiryMonth} between 1 and 12 and ${t.expiryYear} between 2000 and 2099)
        or (${t.type} = 'bank_account' and ${t.bankAccountId} is not null)`,
    ),
  ],
);

/**
 * The ledger. amountCents is a magnitude; deposit and round_up add, withdrawal and payment
 * subtract (spec section 9); refund (a wallet gift given back by staff, decision 0119) adds. Only completed rows count in the balance. A round-up names its
 * bank purchase (unique: one round-up per purchase); a payment its gift; a deposit the
 * gateway's transaction id (unique). A round-up is pending until its collection settles, then
 * completed (and counted), or failed when the debit is returned (docs/decisions/0024).
 */
export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["round_up", "deposit", "withdrawal", "payment", "refund"] }).notNull(),
    status: text("status", { enum: ["completed", "pending", "failed"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull(),
    merchantName: text("merchant_name"),
    bankPurchaseId: uuid("bank_purchase_id").references(() => bankPurchases.id, { onDelete: "set null" }),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    giftId: uuid("gift_id").references(() => gifts.id, { onDelete: "set null" }),
    /** A round-up's collection (the debit that brings its money in); null until it is collected. */
    collectionId: uuid("collection_id").references(() => roundUpCollections.id, { onDelete: "set null" }),
    gatewayTransactionId: text("gateway_transaction_id").unique(),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("wallet_transactions_user_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("wallet_transactions_purchase_uq").on(t.bankPurchaseId),
    uniqueIndex("wallet_transactions_gift_uq").on(t.giftId),
    index("wallet_transactions_uncollected_idx").on(t.userId).where(sql`${t.type} = 'round_up' and ${t.status} = 'pending' and ${t.collectionId} is null`),
    index("wallet_transactions_collection_idx").on(t.collectionId),
    // The balance's round-ups on their way (pendingRoundUpCents, getBalance): the few pending
    // ones, summed from the index alone, however long the member's ledger grows (issue 23).
    index("wallet_transactions_pending_round_ups_idx").on(t.userId, t.amountCents).where(sql`${t.type} = 'round_up' and ${t.status} = 'pending'`),
    check("wallet_transactions_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

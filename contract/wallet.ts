import { z } from "./zod-setup";
import { MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS, ZGiftFundId, ZGivingHistoryEntry } from "./giving";
import { MAX_DEPOSIT_CENTS, TRANSACTIONS_MAX_PAGE, TRANSACTIONS_PAGE_SIZE, WALLET_TEXT, WALLET_TRANSACTION_STATUSES, WALLET_TRANSACTION_TYPES } from "./wallet-text";
export * from "./wallet-text";

/**
 * Wallet and round-ups (spec sections 2, 3, 4, 7, 8 and 9). Money is integer cents; the client
 * shows dollars (contract/money.ts). Amounts of wallet transactions are magnitudes (always
 * positive): the sign comes from the type (spec section 9), see `signedCents`.
 */

/** GET /api/roundup/setting (spec section 3: Round-up setting). */
export const ZRoundUpSetting = z.object({ isEnabled: z.boolean() });
export type RoundUpSetting = z.infer<typeof ZRoundUpSetting>;

/** POST /api/roundup/enable. */
export const ZRoundUpEnableRequest = z.object({ isEnabled: z.boolean() });


/**
 * The first time a member links a bank or turns round-ups on, purchases from this many days
 * before count too, so the wallet shows something at once; after that only purchases made
 * while linked and switched on count (docs/decisions/0020-wallet-ledger-and-round-ups.md).
 */
export const ROUNDUP_LOOKBACK_DAYS = 7;

/**
 * Round-ups are money still in the member's bank until it is collected: one ACH debit per bank
 * once a member's uncollected round-ups reach this (ROUNDUP_COLLECT_MIN_CENTS overrides it on
 * the server), or once the oldest has waited ROUNDUP_COLLECT_AFTER_DAYS, whatever the amount.
 * Until the debit settles they are pending and not in the balance
 * (docs/decisions/0024-collecting-round-ups.md).
 */
export const ROUNDUP_COLLECT_MIN_CENTS = 500;
export const ROUNDUP_COLLECT_AFTER_DAYS = 7;

/** Cents a purchase rounds up by: 425 -> 75, 300 -> 0. Refunds and credits (<= 0) round up nothing. */
export function roundUpCents(purchaseCents: number) {
  if (!Number.isInteger(purchaseCents) || purchaseCents <= 0) return 0;
  return (100 - (purchaseCents % 100)) % 100;
}




/**
 * GET /api/wallet/balance (spec section 3: Wallet balance). balanceCents: the available balance,
 * only money the church has received; roundUpAccumulated: cents of every round-up collected.
 * pendingRoundUpCents (beyond the spec): round-ups not yet collected from the bank, or whose
 * debit has not settled yet: on their way, not spendable.
 */
export const ZWalletBalance = z.object({ balanceCents: z.number().int(), roundUpAccumulated: z.number().int(), pendingRoundUpCents: z.number().int() });
export type WalletBalance = z.infer<typeof ZWalletBalance>;

/** Wallet transaction (spec section 3). amountCents is the magnitude; createdAt is ISO 8601. */
export const ZWalletTransaction = z.object({
  id: z.string(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  description: z.string(),
  merchantName: z.string().nullable().optional(),
  amountCents: z.number().int(),
  status: z.enum(WALLET_TRANSACTION_STATUSES),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof ZWalletTransaction>;


/**
 * GET /api/wallet/transactions query: newest first. `before` is the id of the last transaction
 * of the previous page (keyset paging: new round-ups arriving while a member pages never
 * shift or repeat rows). `search` matches description or merchant, case-insensitively.
 */
export const ZTransactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(TRANSACTIONS_MAX_PAGE).default(TRANSACTIONS_PAGE_SIZE),
  before: z.uuid().optional(),
  search: z.string().trim().max(100).optional(),
  type: z.enum(WALLET_TRANSACTION_TYPES).optional(),
  status: z.enum(WALLET_TRANSACTION_STATUSES).optional(),
});
export type TransactionsQuery = z.input<typeof ZTransactionsQuery>;

/** GET /api/wallet/overview: the Overview tiles from real data (the spec's are hard-coded). */
export const ZWalletOverview = z.object({
  linkedBankAccounts: z.number().int(),
  /** Round-ups saved since the first of this month in the church's time zone. */
  roundUpsThisMonthCents: z.number().int(),
});
export type WalletOverview = z.infer<typeof ZWalletOverview>;

/** POST /api/wallet/process-roundups (spec section 3: Round-up processing result). totalRoundUp is cents. */
export const ZRoundUpResult = z.object({ totalRoundUp: z.number().int(), transactionCount: z.number().int() });
export type RoundUpResult = z.infer<typeof ZRoundUpResult>;

export const PAYMENT_METHOD_TYPES = ["credit_card", "bank_account"] as const;

/** Payment method (spec section 3). Cards keep only brand, last four and expiry (20YY); banks their name and mask. */
export const ZPaymentMethod = z.object({
  id: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  provider: z.string(),
  lastFour: z.string(),
  expiryMonth: z.number().int().nullable(),
  expiryYear: z.number().int().nullable(),
  cardBrand: z.string().nullable(),
  bankName: z.string().nullable(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof ZPaymentMethod>;



const expiryYear = z
  .number(WALLET_TEXT.fillCardDetails)
  .int(WALLET_TEXT.expiryInvalid)
  // The dialog takes MM/YY: 29 means 2029. Stored as 20YY (spec section 9).
  .transform((y) => (y >= 0 && y <= 99 ? 2000 + y : y))
  .pipe(z.number().min(2000, WALLET_TEXT.expiryInvalid).max(2099, WALLET_TEXT.expiryInvalid));

/**
 * POST /api/wallet/payment-methods (a card). The spec's client sends only the last four digits;
 * here the number, expiry and CVV go to the server, which stores the card at the payment
 * gateway and keeps only the gateway's profile id, brand, last four and expiry
 * (docs/decisions/0021-saved-cards-at-the-gateway.md). lastFour and cardBrand are derived,
 * never taken from the client; provider is the server's gateway.
 */
export const ZAddCardRequest = z.object({
  type: z.literal("credit_card", WALLET_TEXT.fillCardDetails),
  provider: z.string().max(40).optional(),
  cardNumber: z
    .string(WALLET_TEXT.fillCardDetails)
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.string().min(1, WALLET_TEXT.fillCardDetails).regex(/^\d{13,19}$/, WALLET_TEXT.cardNumberInvalid)),
  expiryMonth: z.number(WALLET_TEXT.fillCardDetails).int(WALLET_TEXT.expiryInvalid).min(1, WALLET_TEXT.expiryInvalid).max(12, WALLET_TEXT.expiryInvalid),
  expiryYear,
  cvv: z.string(WALLET_TEXT.fillCardDetails).min(1, WALLET_TEXT.fillCardDetails).regex(/^\d{3,4}$/, WALLET_TEXT.cvvInvalid),
  isDefault: z.boolean().optional(),
});
export type AddCardRequest = z.input<typeof ZAddCardRequest>;


/** PUT /api/wallet/payment-methods/:id: only { isDefault: true } (spec section 7). */
export const ZSetDefaultRequest = z.object({ isDefault: z.literal(true) });

/** POST /api/wallet/plaid/link-token. `provider` tells the client how to link: the sandbox bank, or Plaid Link. */
export const BANK_PROVIDERS = ["sandbox", "plaid"] as const;
export const ZLinkTokenResponse = z.object({ linkToken: z.string(), expiration: z.string(), provider: z.enum(BANK_PROVIDERS) });
export type LinkTokenResponse = z.infer<typeof ZLinkTokenResponse>;

/** POST /api/wallet/plaid/exchange-token. The sandbox accepts the spec's placeholder token. */
export const ZExchangeTokenRequest = z.object({ publicToken: z.string(WALLET_TEXT.bankTokenRequired).trim().min(1, WALLET_TEXT.bankTokenRequired).max(500) });

/** POST /api/wallet/deposits (Add Funds), with an Idempotency-Key header. */
export const ZDepositRequest = z.object({
  amountCents: z
    .number(WALLET_TEXT.amountMin)
    .int(WALLET_TEXT.amountMin)
    .min(MIN_AMOUNT_CENTS, WALLET_TEXT.amountMin)
    .max(MAX_DEPOSIT_CENTS, WALLET_TEXT.depositMax),
});
export type DepositRequest = z.infer<typeof ZDepositRequest>;

export const ZDepositResponse = z.object({ transaction: ZWalletTransaction, balance: ZWalletBalance });
export type DepositResponse = z.infer<typeof ZDepositResponse>;

/** POST /api/wallet/give: give (part of) the balance to the church, with an Idempotency-Key header. */
export const ZGiveBalanceRequest = z.object({
  // The same ceiling as a card gift; without one, an amount past PostgreSQL's integer was a 500.
  amountCents: z.number(WALLET_TEXT.amountMin).int(WALLET_TEXT.amountMin).min(MIN_AMOUNT_CENTS, WALLET_TEXT.amountMin).max(MAX_AMOUNT_CENTS),
  /** The fund, as a card gift's (the same rule): absent, the default fund; archived or unknown, 400 on body.fund_id. */
  fund_id: ZGiftFundId,
});
export type GiveBalanceRequest = z.infer<typeof ZGiveBalanceRequest>;

export const ZGiveBalanceResponse = z.object({ gift: ZGivingHistoryEntry, transaction: ZWalletTransaction, balance: ZWalletBalance });
export type GiveBalanceResponse = z.infer<typeof ZGiveBalanceResponse>;

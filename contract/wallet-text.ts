/**
 * The wallet's constants and texts without zod (decision 0072): the message files (contract/i18n)
 * take the spec's texts from here, and contract/wallet.ts re-exports everything.
 */
import { GIVING_TEXT } from "./giving-text";
import type { Widen } from "./i18n/messages";

export const ROUNDUP_TEXT = {
  label: "Round-up Giving",
  description: "Automatically round up purchases to the nearest dollar",
  savedTitle: "Round-up setting updated",
  savedDescription: "Your preference has been saved.",
} as const;

/** refund: a gift from the wallet given back to it by staff (issue 19; decision 0119). */
export const WALLET_TRANSACTION_TYPES = ["round_up", "deposit", "withdrawal", "payment", "refund"] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];
export const WALLET_TRANSACTION_STATUSES = ["completed", "pending", "failed"] as const;
export type WalletTransactionStatus = (typeof WALLET_TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPE_LABELS: Record<WalletTransactionType, string> = {
  round_up: "Round-up",
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  payment: "Payment",
  refund: "Gift refund",
};
export const TRANSACTION_STATUS_LABELS: Record<WalletTransactionStatus, string> = {
  completed: "Completed",
  pending: "Pending",
  failed: "Failed",
};

export const WALLET_TEXT = {
  fillCardDetails: "Please fill in all card details",
  cardNumberInvalid: GIVING_TEXT.cardNumberRequired,
  expiryInvalid: "Expiry must be MM/YY",
  cvvInvalid: GIVING_TEXT.cvvRequired,
  cardAdded: "Card Added",
  addMethodFailed: "Failed to add payment method",
  bankLinked: "Bank Account Linked",
  bankLinkFailed: "Failed to link bank account",
  defaultUpdated: "Default Payment Method Updated",
  defaultFailed: "Failed to update default payment method",
  methodRemoved: "Payment Method Removed",
  /** Shown as the toast 'Error: Failed to remove payment method' (title and description). */
  removeFailedTitle: "Error",
  removeFailed: "Failed to remove payment method",
  noMethods: "No payment methods added yet. Add a card or link your bank account to get started.",
  roundUpsProcessed: "Round-ups Processed",
  roundUpsFailed: "Failed to process round-ups",
  noTransactions: "No transactions yet",
  noMatches: "No transactions found matching your filters",
  searchPlaceholder: "Search transactions...",
  roundUpsDisabled: "Round-ups are turned off. Turn on Round-up Giving to start saving.",
  noBankLinked: "Link a bank account first: your card purchases are rounded up from there.",
  bankUnavailable: "Your bank could not be reached. Please try again later.",
  bankAlreadyLinked: "This bank account is already linked.",
  bankTokenRequired: "publicToken is required",
  noPaymentMethod: "Add a card first: Add Funds charges your default payment method.",
  defaultIsBank: "Add Funds needs a card. Make a card your default payment method.",
  fundsAddedTitle: "Funds Added",
  paymentFailedTitle: GIVING_TEXT.paymentFailedTitle,
  paymentFailedFallback: GIVING_TEXT.paymentFailedFallback,
  giftThanksTitle: "Thank you for your gift!",
  insufficientBalance: "Your wallet balance is too low for this gift.",
  amountMin: GIVING_TEXT.amountMin,
  depositMax: "Add at most $10,000.00 at a time",
  roundUpsNotCollected: "Your bank did not pay this round-up: it was not collected.",
  roundUpsUnlinked: "The bank was unlinked before these round-ups were collected.",
  linkInterrupted: "Bank linking was interrupted",
  /** What the ledger stores as a transaction's description (shown in the member's language). */
  addedFundsFrom: (method: string) => `Added funds from ${method}`,
  giftTo: (church: string) => `Gift to ${church}`,
  giftRefundedFrom: (church: string) => `Gift refunded by ${church}`,
  roundUpOn: (amount: string) => `Round-up on ${amount} purchase`,
  /** Under Round-ups Saved while round-ups are being collected: "$3.25 on its way from your bank". */
  onTheWay: (amount: string) => `${amount} on its way from your bank`,
  /** "Added $1.25 from 3 transactions" (spec section 8). */
  roundUpsAdded: (amount: string, count: number) => `Added ${amount} from ${count} ${count === 1 ? "transaction" : "transactions"}`,
  types: TRANSACTION_TYPE_LABELS,
  statuses: TRANSACTION_STATUS_LABELS,
} as const;

/** WALLET_TEXT in any language (the member's, from contract/i18n). */
export type WalletWords = Widen<typeof WALLET_TEXT>;

/** Under Round-ups Saved while round-ups are being collected: "$3.25 on its way from your bank". */
export const roundUpsOnTheWayText = (formatted: string, t: WalletWords = WALLET_TEXT) => t.onTheWay(formatted);

/** "Added $1.25 from 3 transactions" (spec section 8). */
export const roundUpsProcessedText = (totalCents: number, count: number, format: (c: number) => string, t: WalletWords = WALLET_TEXT) =>
  t.roundUpsAdded(format(totalCents), count);

/** Quick amounts in the Add Funds dialog, in dollars. */
export const DEPOSIT_QUICK_AMOUNTS = [10, 25, 50, 100] as const;

/** Largest single Add Funds ($10,000): a wallet is for giving, not for parking savings. */
export const MAX_DEPOSIT_CENTS = 1_000_000;

/** Spec section 9: deposit and round_up are positive (green), withdrawal and payment negative (red); a refund adds (decision 0119). */
export const isCredit = (type: WalletTransactionType) => type === "deposit" || type === "round_up" || type === "refund";
export const signedCents = (type: WalletTransactionType, amountCents: number) => (isCredit(type) ? amountCents : -amountCents);

export const TRANSACTIONS_PAGE_SIZE = 20;
export const TRANSACTIONS_MAX_PAGE = 100;
/** Spec section 9: wallet recent activity shows 5. */
export const RECENT_ACTIVITY_COUNT = 5;

/** "MM/YY" as typed in the Add Card dialog -> month and 20YY, or null when it is not a real month. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

/**
 * Refunds and voids of gifts (issue 19; decision 0119): texts and constants without zod
 * (decision 0072). contract/giving-refunds.ts holds the schemas.
 */

/** A refund's reason is at most this long (it is shown to staff and emailed to the donor). */
export const REFUND_REASON_MAX = 300;

/**
 * How a refund reached the donor:
 *   void    an unsettled card charge cancelled at the gateway (always the whole charge)
 *   refund  a settled card charge credited back to the card (in part or in full)
 *   wallet  a gift from the wallet balance put back into the wallet
 *   manual  a gift with no gateway or wallet behind it (cash, check): recorded; the church
 *           returns the money by hand
 */
export const REFUND_METHODS = ["void", "refund", "wallet", "manual"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUNDS_TEXT = {
  // errors (400 with the field, 404, 409)
  reasonRequired: "Give a reason for the refund",
  reasonTooLong: `Reason must be at most ${REFUND_REASON_MAX} characters`,
  amountInvalid: "Enter an amount of at least $0.01",
  overRemaining: (max: string) => `At most ${max} can be refunded on this gift`,
  notCompleted: "Only a completed gift can be refunded",
  alreadyRefunded: "This gift has already been refunded in full",
  batchOpen: "This gift is in a cash and check batch that is still open: change the batch, or close it before refunding",
  notSettledPartial: "This card gift has not settled yet, so it can only be refunded in full now (a void). Refund part of it once it has settled.",
  giftNotFound: "Gift not found",
  gatewayHasNoCharge: "The card processor has no charge it can give back for this gift (it may have been voided or refunded in the processor's own dashboard).",
  // the ledger and its dialog
  refund: "Refund",
  refundOf: (donor: string) => `Refund the gift of ${donor}`,
  dialogTitle: "Refund gift",
  dialogGift: (donor: string, amount: string, date: string) => `${donor} gave ${amount} on ${date}.`,
  amountLabel: "Amount to refund ($)",
  upTo: (amount: string) => `Up to ${amount} can be refunded. Leave the whole amount to refund it all.`,
  reasonLabel: "Reason",
  reasonHelp: "The donor reads it in their email.",
  refundDone: (amount: string) => `${amount} refunded`,
  refundNotDone: "The refund was not made",
  // history, ledger and statement
  refunded: (amount: string) => `Refunded ${amount}`,
  refundPending: (amount: string) => `Refund of ${amount} pending`,
  refundedBadge: "Fully refunded",
  partlyRefundedBadge: "Partly refunded",
  methods: { void: "Voided", refund: "Refunded to card", wallet: "Refunded to wallet", manual: "Returned by the church" } as Record<RefundMethod, string>,
} as const;

/**
 * Funds, the processing fee, the finance permission and the audit log (issue 19): texts and
 * constants without zod (decision 0072). contract/giving-funds.ts holds the schemas.
 */

/** A fund's name (each language) and description are at most this long. */
export const FUND_NAME_MAX = 60;
export const FUND_DESCRIPTION_MAX = 300;
/**
 * How a gift was paid (gifts.method): a card (one-time or recurring), the wallet balance (an
 * in-app gift of money the member saved there, round-ups from their bank included), or cash, a
 * check or a bank transfer to the church's own account (ACH, EFT, a standing order), entered by
 * the treasurer in a batch (decisions 0120 and 0135).
 */
export const GIFT_METHODS = ["card", "wallet", "cash", "check", "bank"] as const;
export type GiftMethod = (typeof GIFT_METHODS)[number];

/**
 * The ledger's page (GET /api/admin/giving/gifts): Give & Manage's ledger asks for this many lines
 * at a time ("Load more"), and so does an asker who names no `limit`.
 */
export const LEDGER_PAGE_DEFAULT = 20;
export const LEDGER_PAGE_MAX = 200;

/** Audit log page size (GET /api/admin/audit-log). */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/**
 * Audit log actions. Donor-level views and the finance permission are written today; refunds,
 * exports and statement runs (issue 19's later parts) add theirs here.
 */
export const AUDIT_ACTIONS = [
  "giving.ledger.view",
  "finance.grant",
  "finance.revoke",
  "giving.fee.change",
  // cash and check batches (decision 0120)
  "giving.batch.create",
  "giving.batch.change",
  "giving.batch.close",
  "giving.batch.view",
  // refunds (decision 0119)
  "giving.refund",
  // a refund the gateway declined (402) or could not be reached for (503): who tried, which gift, the outcome (decision 0135)
  "giving.refund.failed",
  // the admin outbox showed a donor's giving emails to a finance holder (decision 0135)
  "giving.outbox.view",
  // a donor's page and the CSV export (decision 0122)
  "giving.donor.view",
  "giving.export",
  // year-end statements (decision 0121)
  "giving.statements.run",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const FUNDS_TEXT = {
  // the give form
  fund: "Fund",
  coverFee: "Cover the processing fee",
  coverFeeDescription: (fee: string) => `Add ${fee} so the church receives your full gift`,
  chargedTotal: (total: string) => `Total charged: ${total}`,
  giftAndFee: (gift: string, fee: string) => `${gift} + ${fee} fee`,
  feeCovered: (fee: string) => `+ ${fee} fee covered`,
  // errors
  fundUnavailable: "Choose a fund that is open for giving",
  feeChanged: "The processing fee has changed. Go back and check your gift.",
  fundNotFound: "Fund not found",
  fundNameTaken: "A fund with this name already exists",
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${FUND_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${FUND_DESCRIPTION_MAX} characters`,
  defaultNotArchived: "The default fund can't be archived. Make another fund the default first.",
  defaultStays: "A church always has a default fund: make another fund the default instead.",
  archivedNotDefault: "An archived fund can't be the default",
  feePercentRange: "Percent must be between 0% and 10%",
  feeFixedRange: "Fixed fee must be between $0.00 and $5.00",
  invalidCursor: "This page is no longer valid. Start again from the first page.",
  invalidDate: "Enter a real date as YYYY-MM-DD",
  onlyOwnerOrPastor: "Only the owner or a pastor can change this",

  // Admin -> Giving
  givingTab: "Giving",
  fundsTitle: "Funds",
  fundsHelp: "Members choose a fund when they give. The default fund is preselected; gifts without a fund go there.",
  addFund: "Add fund",
  nameEnglish: "Name (English)",
  nameSpanish: "Name (Spanish)",
  description: "Description",
  save: "Save",
  edit: "Edit",
  cancel: "Cancel",
  defaultBadge: "Default",
  archivedBadge: "Archived",
  makeDefault: "Make default",
  archive: "Archive",
  restore: "Restore",
  fundSaved: "Fund saved",
  fundNotSaved: "The fund could not be saved",
  fundsFailed: "Funds could not be loaded.",
  feeTitle: "Processing fee",
  feeHelp: "What your card processor charges per gift. Givers may choose to cover it so the church receives the full gift. Set both to 0 to hide the choice.",
  feePercent: "Percent (%)",
  feeFixed: "Fixed ($)",
  feeSaved: "Processing fee saved",
  feeNotSaved: "The processing fee could not be saved",
  feeOff: "Givers are not offered to cover a fee.",
  feeExample: (gift: string, fee: string) => `A ${gift} gift with the fee covered is charged ${fee} more.`,
  readOnlyForStaff: "Only the owner or a pastor can change funds and the fee.",
  // the ledger
  ledgerTitle: "Gifts",
  totalsTitle: "Totals by fund",
  totalsOnly: "You see totals only. The owner can grant the finance permission in People to see who gave.",
  from: "From",
  to: "To",
  allFunds: "All funds",
  allMethods: "All methods",
  allStatuses: "All statuses",
  searchDonor: "Search donor",
  noGiftsInRange: "No gifts match these filters.",
  noGiftsYet: "No gifts yet. When members give, their gifts appear here.",
  loadMore: "Load more",
  total: "Total",
  fee: "Fee",
  anonymous: "Unknown donor",
  methods: { card: "Card", wallet: "Wallet", cash: "Cash", check: "Check", bank: "Bank transfer" } as Record<string, string>,
  ledgerFailed: "Gifts could not be loaded.",
  // People and the audit log
  financeLabel: "Finance",
  financeOf: (name: string) => `Finance permission of ${name}`,
  financeGranted: (name: string) => `${name} can now see donor-level giving.`,
  financeRevoked: (name: string) => `${name} no longer sees donor-level giving.`,
  financeNotChanged: "The finance permission was not changed",
  financeHelp: "Finance: sees who gave what (the owner always does). Pastors and staff without it see totals only.",
  auditTitle: "Audit log",
  auditHelp: "Every view of donor-level giving and every change of who may see it.",
  auditEmpty: "Nothing recorded yet.",
  auditFailed: "The audit log could not be loaded.",
  auditActions: {
    "giving.ledger.view": "Viewed the gift ledger",
    "finance.grant": "Granted the finance permission",
    "finance.revoke": "Removed the finance permission",
    "giving.fee.change": "Changed the processing fee",
    "giving.batch.create": "Entered a cash and check batch",
    "giving.batch.change": "Changed a cash and check batch",
    "giving.batch.close": "Closed a cash and check batch",
    "giving.batch.view": "Viewed a cash and check batch",
    "giving.refund": "Refunded a gift",
    "giving.refund.failed": "Tried to refund a gift (not refunded)",
    "giving.outbox.view": "Viewed giving emails in the outbox",
    "giving.donor.view": "Viewed a donor's giving",
    "giving.export": "Exported gifts (CSV)",
    "giving.statements.run": "Sent year-end statements",
  } as Record<AuditAction, string>,
} as const;

/**
 * The giving ledger's totals by week and month, a donor's page and the CSV export (issue 19;
 * decision 0122): texts and constants without zod (decision 0072). contract/giving-ledger.ts
 * holds the schemas.
 */

/** How the totals are grouped: the church's weeks (Sunday to Saturday) or calendar months, in its time zone. */
export const TOTALS_GROUPS = ["week", "month"] as const;
export type TotalsGroup = (typeof TOTALS_GROUPS)[number];

/** Without `group`, a range up to this many days is grouped by week, a longer one by month. */
export const WEEKLY_UP_TO_DAYS = 92;
/** At most this many periods in one answer (about 11 years of months, 2 of weeks... far beyond a screen). */
export const MAX_PERIODS = 400;
/** A donor's gifts come in pages of this many (the donor page's "Load more"). */
export const DONOR_PAGE_DEFAULT = 25;
export const DONOR_PAGE_MAX = 200;

/** The export's columns, in order (their headings in each language are LEDGER_TEXT.exportColumns). */
export const EXPORT_COLUMNS = ["date", "donor", "email", "fund", "method", "amount", "fee", "refunded", "transactionId", "batch", "giftId"] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const LEDGER_TEXT = {
  // errors
  rangeBackwards: "The start date must be on or before the end date",
  invalidDate: "Enter a real date (YYYY-MM-DD)",
  tooManyPeriods: "This range has too many weeks: group it by month, or choose a shorter range",
  donorNotFound: "Donor not found",

  // Admin -> Giving: filters and totals
  filtersTitle: "Filters",
  fund: "Fund",
  method: "Method",
  status: "Gift status",
  statuses: { COMPLETED: "Received", FAILED: "Declined" } as Record<string, string>,
  groupBy: "Group by",
  groups: { week: "Week", month: "Month" } as Record<TotalsGroup, string>,
  periodTotalsTitle: "Totals by period",
  weekOf: (date: string) => `Week of ${date}`,
  gifts: (n: number) => (n === 1 ? "1 gift" : `${n} gifts`),
  noTotals: "No completed gifts in this range.",
  totalsFailed: "Totals could not be loaded.",
  downloadCsv: "Download CSV",
  downloading: "Preparing the file...",
  downloadFailed: "The file could not be downloaded",
  downloadHelp: "Every completed gift from the From date to the To date, for your accounting software.",

  // a donor's page
  donorTitle: "Donor",
  backToGiving: "Back to Giving",
  memberSince: (date: string) => `Member since ${date}`,
  deletedMember: "Deleted account",
  byYear: "Totals by year",
  recurringTitle: "Recurring gifts",
  noRecurring: "No recurring gifts.",
  giftsTitle: "Gifts",
  noDonorGifts: "No gifts yet.",
  nextPayment: (date: string) => `Next: ${date}`,
  frequencies: { weekly: "Weekly", monthly: "Monthly", yearly: "Yearly" } as Record<string, string>,
  recurringStatuses: { ACTIVE: "Active", PAUSED: "Paused", CANCELLED: "Stopped", FAILED: "Charges failed" } as Record<string, string>,
  donorFailed: "The donor's giving could not be loaded.",
  donorAudited: "This view is recorded in the audit log.",

  // the CSV export's headings
  exportColumns: {
    date: "Date",
    donor: "Donor",
    email: "Email",
    fund: "Fund",
    method: "Method",
    amount: "Amount",
    fee: "Fee",
    refunded: "Refunded",
    transactionId: "Transaction ID",
    batch: "Batch",
    giftId: "Gift ID",
  } as Record<ExportColumn, string>,
} as const;

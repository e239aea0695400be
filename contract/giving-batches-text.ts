/**
 * Cash and check batches (issue 19; decision 0120): texts and constants without zod (decision
 * 0072). contract/giving-batches.ts holds the schemas. Validation messages here are the ones
 * both the batch form and the server answer with (the server's are translated on the way out).
 */

export const BATCH_STATUSES = ["open", "closed"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/**
 * The methods a batch line may have (a gift's method: contract/giving-funds-text.ts, GIFT_METHODS):
 * cash and checks from the plate, and bank transfers a donor made to the church's own account
 * (ACH, EFT, a standing order), which the treasurer finds on the bank statement (decision 0135).
 */
export const BATCH_METHODS = ["cash", "check", "bank"] as const;
export type BatchMethod = (typeof BATCH_METHODS)[number];
/** Who gave a line: a member (an account), nobody known (loose cash), or someone without an account (name, optional email). */
export const BATCH_DONOR_KINDS = ["member", "anonymous", "guest"] as const;
export type BatchDonorKind = (typeof BATCH_DONOR_KINDS)[number];

export const BATCH_NOTE_MAX = 200;
export const BATCH_DONOR_NAME_MAX = 100;
export const CHECK_NUMBER_MAX = 20;
/** A bank transfer's reference (optional): at most this long (ISO 20022's end-to-end id is 35). */
export const BANK_REFERENCE_MAX = 35;
/** Lines one request may add (or change); a batch holds at most BATCH_LINES_MAX. */
export const BATCH_LINES_PER_REQUEST = 100;
export const BATCH_LINES_MAX = 500;
/** Batches per page of the list. */
export const BATCH_PAGE_DEFAULT = 20;
export const BATCH_PAGE_MAX = 100;
/** The member search of the donor picker answers at most this many. */
export const DONOR_SEARCH_LIMIT = 10;

export const BATCHES_TEXT = {
  // validation (form and server)
  dateRequired: "Enter the date the gifts were given",
  dateInFuture: "The date can't be in the future",
  noteTooLong: `Note must be at most ${BATCH_NOTE_MAX} characters`,
  linesRequired: "Add at least one line",
  tooManyLines: `A batch holds at most ${BATCH_LINES_MAX} lines`,
  amountRequired: "Enter an amount greater than $0.00",
  amountTooLarge: "This amount is too large",
  checkNumberRequired: "Enter the check number",
  checkNumberInvalid: `Check number: up to ${CHECK_NUMBER_MAX} letters, digits or dashes`,
  referenceInvalid: `Reference: up to ${BANK_REFERENCE_MAX} letters, digits, spaces, dashes, dots or slashes`,
  memberRequired: "Choose a member, or mark the gift anonymous",
  donorNameRequired: "Enter the donor's name",
  donorNameTooLong: `Name must be at most ${BATCH_DONOR_NAME_MAX} characters`,
  donorEmailInvalid: "Enter a valid email, or leave it empty",
  memberNotFound: "This member was not found",
  lineNotFound: "This line is not in the batch",
  lineTwice: "A line can't be changed and removed at once",
  nothingToChange: "Nothing to change",
  batchNotFound: "Batch not found",
  batchClosed: "This batch is closed: its gifts can no longer be changed",
  closeEmpty: "Add at least one line before closing the batch",

  // Admin -> Giving -> Cash and checks
  batchesTitle: "Cash and checks",
  batchesHelp: "Enter the cash and checks of a collection, or the bank transfers on the church's bank statement, as a batch. Each line becomes a gift in the donor's history and statement. Close the batch once it is counted and checked: it can't be changed after.",
  newBatch: "New batch",
  date: "Date",
  note: "Note",
  notePlaceholder: "Sunday 9 am service",
  lineLabel: (n: number) => `Line ${n}`,
  addLine: "Add line",
  removeLine: "Remove line",
  donor: "Donor",
  donorKinds: { member: "Member", anonymous: "Anonymous", guest: "Not a member" } as Record<BatchDonorKind, string>,
  searchMember: "Search members",
  noMembersFound: "No member matches",
  changeMember: "Change",
  donorName: "Name",
  donorEmail: "Email (optional)",
  amount: "Amount ($)",
  method: "Method",
  methods: { cash: "Cash", check: "Check", bank: "Bank transfer" } as Record<BatchMethod, string>,
  checkNumber: "Check number",
  reference: "Transfer reference (optional)",
  saveBatch: "Save batch",
  saveChanges: "Save changes",
  batchSaved: "Batch saved",
  batchNotSaved: "The batch could not be saved",
  closeBatch: "Close batch",
  closeConfirmTitle: "Close this batch?",
  closeConfirmText: (count: number, total: string) => `Its ${count} gifts (${total}) will be locked. They can't be changed after closing.`,
  batchClosedToast: "Batch closed",
  batchNotClosed: "The batch could not be closed",
  statuses: { open: "In progress", closed: "Closed" } as Record<BatchStatus, string>,
  noBatches: "No batches yet. Enter the cash and checks of a collection to see them here.",
  batchesFailed: "Batches could not be loaded.",
  batchFailed: "The batch could not be loaded.",
  giftCount: (n: number) => (n === 1 ? "1 gift" : `${n} gifts`),
  cashTotal: (total: string) => `Cash ${total}`,
  checkTotal: (total: string) => `Checks ${total}`,
  bankTotal: (total: string) => `Bank transfers ${total}`,
  closedOn: (date: string, name: string) => `Closed ${date} by ${name}`,
  enteredBy: (name: string) => `Entered by ${name}`,
  anonymousDonor: "Anonymous",
  back: "Back to batches",
  // how a batch gift was paid (statements, the ledger)
  paidCash: "Cash",
  paidCheck: (n: string) => `Check #${n}`,
  paidBank: "Bank transfer",
} as const;

/**
 * Year-end statements for every donor and the recovery of a failed recurring gift (issue 19;
 * decision 0121): texts and constants without zod (decision 0072). contract/giving-statements.ts
 * holds the schemas.
 */

/** How long the "update your card" link of a stopped recurring gift works (it also works only once). */
export const CARD_UPDATE_LINK_DAYS = 14;

/** What a donor's statement became: queued in the outbox, skipped (no email address), or failed (it could not be made). */
export const STATEMENT_OUTCOMES = ["sent", "skipped", "failed"] as const;
export type StatementOutcome = (typeof STATEMENT_OUTCOMES)[number];

export const STATEMENTS_TEXT = {
  // Admin → Giving, the "Year-end statements" card
  title: "Year-end statements",
  help: "Email every donor of a year their giving statement (a PDF and a link to the printable page), in their language. Each donor gets it once: running a year again only sends to donors who have not had theirs.",
  year: "Year",
  run: "Send statements",
  runAgain: "Send to new donors",
  runConfirm: (year: number) => `Email every donor of ${year} their giving statement?`,
  started: "Statements are being sent",
  runFailed: "The statements could not be started",
  loadFailed: "The progress could not be loaded",
  notRun: "Not sent yet for this year.",
  running: "Sending…",
  done: "Done",
  sent: "Emailed",
  skipped: "Skipped (no email)",
  failed: "Could not be sent",
  remaining: "Still to go",
  donors: "Donors",
  lastRun: (when: string, who: string) => `Last run ${when} by ${who}`,
  legalMissing: "Set the church's legal name and tax statement in Admin → Church before sending.",
  // errors
  badYear: "Choose a year that has ended or this year",
  // The statement (PDF and email)
  pdfTitle: (year: number) => `Giving statement ${year}`,
  pdfDonor: "Donor",
  pdfDate: "Date",
  pdfFund: "Fund",
  pdfKind: "Type",
  pdfAmount: "Amount",
  pdfTotal: "Total given",
  pdfNoGifts: "No completed gifts this year.",
  pdfIssued: (date: string) => `Issued ${date}`,
  pdfFileName: (year: number) => `giving-statement-${year}.pdf`,
  emailSubject: (year: number, church: string) => `Your ${year} giving statement from ${church}`,
  emailHeading: (year: number) => `Your ${year} giving statement`,
  emailDear: (name: string) => `Dear ${name},`,
  emailBody: (year: number, total: string) => `Thank you for your generosity in ${year}. Your gifts totalled ${total}. Your giving statement is attached as a PDF for your tax records.`,
  emailPrintable: "See or print it in the app",
  emailKeep: "Please keep it with your tax records.",
  emailThanks: "With gratitude,",
  // A stopped recurring gift: the card update link and page
  updateCardTitle: "Update your card",
  updateCardIntro: (amount: string, frequency: string, fund: string) => `Your ${frequency} gift of ${amount} to ${fund} stopped because the card could not be charged.`,
  updateCardCard: (card: string) => `Card on file: ${card}`,
  updateCardNext: "Enter a card that works and your gift continues on its next date. The gift that was missed is not charged.",
  updateCardSubmit: "Update card and resume",
  updateCardFormTitle: "Your new card",
  updateCardDone: (date: string) => `Thank you! Your gift continues. The next gift is on ${date}.`,
  updateCardBack: "Go to Giving",
  linkInvalid: "This link has expired or was already used. Sign in and set up your gift again on Giving.",
  linkNotFailed: "This gift is no longer stopped, so there is no card to update.",
  emailUpdateCard: (days: number) => `Update your card and your gift continues from its next date (the missed gift is not charged). The link works once, for ${days} days.`,
  emailUpdateButton: "Update my card",
} as const;

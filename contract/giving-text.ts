/**
 * Giving's constants and texts without zod (decision 0072): the message files (contract/i18n)
 * take the spec's texts from here, and contract/giving.ts re-exports everything.
 */
import { formatCents } from "./money";
import type { Widen } from "./i18n/messages";

export const FREQUENCIES = ["weekly", "monthly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const DEFAULT_FREQUENCY: Frequency = "monthly";
export const FREQUENCY_LABELS: Record<Frequency, string> = { weekly: "Weekly", monthly: "Monthly", yearly: "Yearly" };
/** "Every week/month/year" (spec section 2, payment step). */
export const FREQUENCY_EVERY: Record<Frequency, string> = { weekly: "Every week", monthly: "Every month", yearly: "Every year" };
export const QUICK_AMOUNTS = [25, 50, 100, 250] as const;
export const MIN_AMOUNT_CENTS = 100;
/** Largest single gift the server accepts ($1,000,000): keeps integer cents far from overflow. */
export const MAX_AMOUNT_CENTS = 100_000_000;
/** Recent Giving shows the latest 5 (spec section 9). */
export const RECENT_GIVING_COUNT = 5;

/**
 * A failed scheduled charge is tried again this many days after its due date (server/jobs/
 * recurring-gifts.ts); when the last retry fails too, the recurring gift becomes FAILED and the
 * giver is emailed. Four attempts within five days: a weekly gift's retries end before its next week.
 */
export const RECURRING_RETRY_DAYS = [1, 3, 5] as const;

/**
 * The common reasons a card is refused, as the sandbox gateway gives them. A real gateway's own
 * words are shown as they come; these, being known, are shown in the member's language.
 */
export const DECLINE_TEXT = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  invalidCard: "Your card number is invalid.",
  expiredCard: "Your card has expired.",
  /**
   * What a member sees for any refusal of a new card other than insufficient funds, an expired
   * card or a hold for review: a wrong number, a CVV or address mismatch and "do not honor"
   * read alike, so the answer is no oracle for someone testing stolen cards (decision 0105).
   */
  checkDetails: "Your card was declined. Please check the details or use another card.",
} as const;

export const GIVING_TEXT = {
  heading: "Give with Joy",
  scripture: "Let each man give according as he has determined in his heart, not grudgingly or under compulsion; for God loves a cheerful giver.",
  scriptureRef: "2 Corinthians 9:7",
  selectAmount: "Select Amount",
  recurringToggle: "Make this a recurring donation",
  frequency: "Frequency",
  enterAmount: "Enter amount to give",
  providerFooter: "Payments are processed securely by our card payment provider. Your card number is never stored by the church.",
  activeRecurring: "Active Recurring Donations",
  noRecurring: "No recurring donations yet. Turn on 'Make this a recurring donation' to give automatically.",
  recentGiving: "Recent Giving",
  noGifts: "No gifts yet. Your gifts will appear here.",
  loadFailed: "Could not load. Please try again.",
  statementLink: "Year-end giving statement",
  roundUpSaveFailed: "Failed to update round-up setting",

  completeGift: "Complete Your Gift",
  completeRecurringGift: "Complete Your Recurring Gift",
  contactInformation: "Contact Information",
  paymentInformation: "Payment Information",
  billingAddress: "Billing Address",
  back: "← Back",
  processing: "Processing...",
  thankYou: "Thank you for your gift!",

  amountMin: "Amount must be at least $1",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Valid email is required",
  cardNumberRequired: "Valid card number required",
  monthRequired: "MM required",
  yearRequired: "YYYY required",
  cardExpRequired: "Expiry must be MM/YYYY",
  cvvRequired: "CVV required",
  addressRequired: "Address is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  zipRequired: "ZIP code is required",
  paymentFailedTitle: "Payment Failed",
  paymentFailedFallback: "Please check your payment details and try again.",
  idempotencyKeyRequired: "Idempotency-Key header is required",
  idempotencyInProgress: "A request with this key is in progress",
  idempotencyMismatch: "This Idempotency-Key was already used with a different request",
  gatewayUnavailable: "We couldn't reach the payment processor. Please try again in a few minutes.",
  /** The church-wide breaker is open (decision 0105): saved cards and the wallet still work. */
  newCardsPaused: "Giving with a new card is paused for a short while. Please use a saved card or your wallet balance, or try again later.",
  /** Too many declined card attempts from this address, or for this card. */
  tooManyCardDeclines: "Too many card attempts were declined. Please try again later or contact the church office.",
  cardTestingAlertSubject: "Giving with new cards is paused: many declined cards",
  cardTestingAlert: (declines: number, attempts: number, minutes: number, pausedMinutes: number) =>
    `${declines} of the last ${attempts} attempts to give with a new card in ${minutes} minutes were declined, which looks like someone testing stolen cards. ` +
    `Giving with a new card is paused for ${pausedMinutes} minutes; saved cards, recurring gifts and the wallet keep working. ` +
    `If this keeps happening, review recent sign-ups and failed gifts, and ask your card processor about its fraud filters.`,

  pause: "Pause",
  resume: "Resume",
  cancel: "Cancel",
  paused: "Recurring gift paused",
  pausedDescription: "No payments will be taken until you resume it.",
  resumed: "Recurring gift resumed",
  cancelled: "Recurring gift cancelled",
  cancelledDescription: "No further payments will be taken.",
  cancelConfirmTitle: "Cancel this recurring gift?",
  cancelConfirm: "No further payments will be taken. This can't be undone: to give again, set up a new recurring gift.",
  keepGift: "Keep it",
  updateFailed: "Failed to update recurring gift",
  recurringNotFound: "Recurring gift not found",
  recurringCancelledFinal: "This recurring gift is cancelled and can't be changed. Set up a new one to give again.",
  recurringFailedFinal: "This recurring gift stopped after its payments failed. Set up a new one with a working card.",

  statementTitle: "Giving Statement",
  /** A gift that is not part of a recurring gift, on the statement. */
  oneTime: "One-time",
  statementPrint: "Print",
  statementNoGifts: "No completed gifts in this year.",
  noGoodsOrServices: "No goods or services were provided in exchange for these contributions.",

  /** The Give tab's and the payment step's submit buttons, and the success toast (spec sections 2 and 8). */
  give: (amount: string) => `Give ${amount}`,
  setUp: (amount: string) => `Set up ${amount}`,
  setUpEvery: (amount: string, frequency: string) => `Set up ${amount} ${frequency}`,
  giftSetUp: (frequency: string, amount: string) => `Your ${frequency} gift of ${amount} has been set up. Thank you for your faithful giving.`,
  giftReceived: (amount: string) => `Your gift of ${amount} has been received.`,
  frequencies: FREQUENCY_LABELS,
  every: FREQUENCY_EVERY,
  /** The frequency inside a sentence ("Set up $25.00 monthly"). */
  frequencyWord: { weekly: "weekly", monthly: "monthly", yearly: "yearly" } as Record<Frequency, string>,
} as const;

/** GIVING_TEXT in any language (the member's, from contract/i18n): the functions below take it, English by default. */
export type GivingWords = Widen<typeof GIVING_TEXT>;

/** The Give tab's submit button (spec section 2): 'Enter amount to give', 'Give $X' or 'Set up $X monthly'. */
export function giveButtonLabel(amountCents: number, isRecurring: boolean, frequency: Frequency, t: GivingWords = GIVING_TEXT) {
  if (!(amountCents > 0)) return t.enterAmount;
  return isRecurring ? t.setUpEvery(formatCents(amountCents), t.frequencyWord[frequency]) : t.give(formatCents(amountCents));
}

/** The payment step's submit button: 'Give $X' or 'Set up $X'. */
export const paymentButtonLabel = (amountCents: number, isRecurring: boolean, t: GivingWords = GIVING_TEXT) => (isRecurring ? t.setUp : t.give)(formatCents(amountCents));

/** The success toast's description (spec section 8: with the amount; recurring wording includes the frequency). */
export function thankYouDescription(amountCents: number, isRecurring: boolean, frequency: Frequency, t: GivingWords = GIVING_TEXT) {
  return isRecurring ? t.giftSetUp(t.frequencyWord[frequency], formatCents(amountCents)) : t.giftReceived(formatCents(amountCents));
}


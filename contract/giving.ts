import { z } from "./zod-setup";
import { formatCents } from "./money";

/** Giving (spec sections 2, 3, 4, 5 and 7): the give body, quick amounts, frequencies, texts. */
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
  statementPrint: "Print",
  statementNoGifts: "No completed gifts in this year.",
  noGoodsOrServices: "No goods or services were provided in exchange for these contributions.",
} as const;

const FREQ_NOUN: Record<Frequency, string> = { weekly: "weekly", monthly: "monthly", yearly: "yearly" };

/** The Give tab's submit button (spec section 2): 'Enter amount to give', 'Give $X' or 'Set up $X monthly'. */
export function giveButtonLabel(amountCents: number, isRecurring: boolean, frequency: Frequency) {
  if (!(amountCents > 0)) return GIVING_TEXT.enterAmount;
  return isRecurring ? `Set up ${formatCents(amountCents)} ${FREQ_NOUN[frequency]}` : `Give ${formatCents(amountCents)}`;
}

/** The payment step's submit button: 'Give $X' or 'Set up $X'. */
export const paymentButtonLabel = (amountCents: number, isRecurring: boolean) => `${isRecurring ? "Set up" : "Give"} ${formatCents(amountCents)}`;

/** The success toast's description (spec section 8: with the amount; recurring wording includes the frequency). */
export function thankYouDescription(amountCents: number, isRecurring: boolean, frequency: Frequency) {
  return isRecurring
    ? `Your ${FREQ_NOUN[frequency]} gift of ${formatCents(amountCents)} has been set up. Thank you for your faithful giving.`
    : `Your gift of ${formatCents(amountCents)} has been received.`;
}

/**
 * The amount typed in the custom input or picked as a quick amount, in cents. Non-numeric,
 * zero and negative values count as no amount (spec section 5: the quick input ignores them).
 */
export function amountInputToCents(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
  if (String(value ?? "").trim() === "" || !Number.isFinite(n) || n <= 0) return 0;
  return Math.round(n * 100);
}

/* Field rules shared by the payment form (client) and the give body (server). */
const cardNumberDigits = z
  .string(GIVING_TEXT.cardNumberRequired)
  .transform((s) => s.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{15,19}$/, GIVING_TEXT.cardNumberRequired));
const firstName = z.string(GIVING_TEXT.firstNameRequired).trim().min(1, GIVING_TEXT.firstNameRequired).max(100);
const lastName = z.string(GIVING_TEXT.lastNameRequired).trim().min(1, GIVING_TEXT.lastNameRequired).max(100);
const email = z.string(GIVING_TEXT.emailRequired).trim().pipe(z.email(GIVING_TEXT.emailRequired));
const phone = z.string().trim().max(40).optional();
const cvv = z.string(GIVING_TEXT.cvvRequired).regex(/^\d{3,4}$/, GIVING_TEXT.cvvRequired);
const address = z.string(GIVING_TEXT.addressRequired).trim().min(1, GIVING_TEXT.addressRequired).max(200);
const city = z.string(GIVING_TEXT.cityRequired).trim().min(1, GIVING_TEXT.cityRequired).max(100);
const state = z.string(GIVING_TEXT.stateRequired).trim().regex(/^[A-Za-z]{2}$/, GIVING_TEXT.stateRequired);
const zip = z.string(GIVING_TEXT.zipRequired).trim().min(5, GIVING_TEXT.zipRequired).max(10, GIVING_TEXT.zipRequired);

export const ZGiveRequest = z.object({
  amount_cents: z
    .number(GIVING_TEXT.amountMin)
    .int(GIVING_TEXT.amountMin)
    .min(MIN_AMOUNT_CENTS, GIVING_TEXT.amountMin)
    .max(MAX_AMOUNT_CENTS),
  is_recurring: z.boolean().default(false),
  frequency: z.enum(FREQUENCIES).default(DEFAULT_FREQUENCY),
  customer_data: z.object({ first_name: firstName, last_name: lastName, email, phone }),
  payment_method_data: z.object({
    card_number: cardNumberDigits,
    card_exp: z.string(GIVING_TEXT.cardExpRequired).regex(/^(0[1-9]|1[0-2])\/\d{4}$/, GIVING_TEXT.cardExpRequired),
    card_cvv: cvv,
    address_1: address,
    address_city: city,
    address_state: state,
    address_zip: zip,
  }),
});
export type GiveRequest = z.infer<typeof ZGiveRequest>;
export type GiveRequestInput = z.input<typeof ZGiveRequest>;

/**
 * The payment step's form (spec sections 2 and 5), with the spec's messages. The month and
 * year fields become the server's card_exp (MM/YYYY); the card number is sent without spaces.
 */
export const ZPaymentForm = z.object({
  firstName,
  lastName,
  email,
  phone,
  cardNumber: cardNumberDigits,
  expMonth: z.string(GIVING_TEXT.monthRequired).regex(/^(0[1-9]|1[0-2])$/, GIVING_TEXT.monthRequired),
  expYear: z.string(GIVING_TEXT.yearRequired).regex(/^\d{4}$/, GIVING_TEXT.yearRequired),
  cvv,
  address,
  city,
  state,
  zip,
});
export type PaymentFormInput = z.input<typeof ZPaymentForm>;
export type PaymentForm = z.output<typeof ZPaymentForm>;

export const EMPTY_PAYMENT_FORM: PaymentFormInput = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  cardNumber: "",
  expMonth: "",
  expYear: "",
  cvv: "",
  address: "",
  city: "",
  state: "",
  zip: "",
};

/** Input behaviour (spec section 5): digits only, grouped in fours, at most 19 characters. */
export const CARD_NUMBER_MAX_LENGTH = 19;
export function formatCardNumberInput(value: string) {
  const digits = value.replace(/\D/g, "").slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ").slice(0, CARD_NUMBER_MAX_LENGTH);
}

/** The give body (spec section 7) from the amount step and a valid payment form. */
export function toGiveRequest(amountCents: number, isRecurring: boolean, frequency: Frequency, form: PaymentForm): GiveRequestInput {
  return {
    amount_cents: amountCents,
    is_recurring: isRecurring,
    frequency,
    customer_data: { first_name: form.firstName, last_name: form.lastName, email: form.email, phone: form.phone ?? "" },
    payment_method_data: {
      card_number: form.cardNumber,
      card_exp: `${form.expMonth}/${form.expYear}`,
      card_cvv: form.cvv,
      address_1: form.address,
      address_city: form.city,
      address_state: form.state.toUpperCase(),
      address_zip: form.zip,
    },
  };
}

export const GIFT_STATUSES = ["COMPLETED", "FAILED"] as const;
export const RECURRING_STATUSES = ["ACTIVE", "PAUSED", "CANCELLED", "FAILED"] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/** Giving history entry (spec section 3). */
export const ZGivingHistoryEntry = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
  status: z.enum(GIFT_STATUSES),
});
export type GivingHistoryEntry = z.infer<typeof ZGivingHistoryEntry>;

/**
 * Recurring donation (spec section 3). nextPaymentDate is a calendar date (YYYY-MM-DD) in the
 * church's zone: the period being charged. When its charge failed and a retry is pending,
 * retryDate is the day of the next attempt and lastFailureReason the gateway's reason.
 */
export const ZRecurringDonation = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  frequency: z.enum(FREQUENCIES),
  nextPaymentDate: z.string(),
  status: z.enum(RECURRING_STATUSES),
  retryDate: z.string().nullable(),
  lastFailureReason: z.string().nullable(),
});
export type RecurringDonation = z.infer<typeof ZRecurringDonation>;

/** POST /api/giving/recurring/:id/pause | resume | cancel. */
export const RECURRING_ACTIONS = ["pause", "resume", "cancel"] as const;
export type RecurringAction = (typeof RECURRING_ACTIONS)[number];
export const ZRecurringActionParams = z.object({ id: z.uuid(), action: z.enum(RECURRING_ACTIONS) });

/** Answer to a successful POST /api/giving/one-time or /recurring. */
export const ZGiveResponse = z.object({
  gift: ZGivingHistoryEntry,
  recurring: ZRecurringDonation.optional(),
});
export type GiveResponse = z.infer<typeof ZGiveResponse>;

export const ZGivingHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(RECENT_GIVING_COUNT),
});

/** GET /api/giving/statement?year=YYYY (default: this year in the church's zone). */
export const ZStatementQuery = z.object({ year: z.coerce.number().int().min(2000).max(9999).optional() });

/** A year-end giving statement for the member's taxes: their COMPLETED gifts of one calendar year (church zone). */
export const ZGivingStatement = z.object({
  year: z.number().int(),
  church: z.object({ name: z.string(), address: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  donor: z.object({ name: z.string(), email: z.string() }),
  gifts: z.array(
    z.object({
      id: z.string(),
      /** Church-zone calendar date (YYYY-MM-DD). */
      date: z.string(),
      amountCents: z.number().int(),
      /** "One-time", "Monthly", ... */
      kind: z.string(),
      /** "Visa ending 4242" or "Wallet balance". */
      paidWith: z.string(),
    }),
  ),
  totalCents: z.number().int(),
  noGoodsOrServices: z.string(),
  issuedAt: z.string(),
});
export type GivingStatement = z.infer<typeof ZGivingStatement>;

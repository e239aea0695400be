import { z } from "./zod-setup";

/** Giving (spec sections 2, 3, 4, 5 and 7): the give body, quick amounts, frequencies, texts. */
export * from "./giving-text";
export * from "./giving-form";
import { FUNDS_TEXT } from "./giving-funds-text";
import { DEFAULT_FREQUENCY, FREQUENCIES, GIVING_TEXT, MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS, RECENT_GIVING_COUNT } from "./giving-text";

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

/**
 * The fund a gift goes to (GET /api/giving/funds), for every way of giving (a card gift, the
 * wallet balance); absent: the church's default fund. An archived or unknown fund is a 400 on
 * `body.fund_id` (server/shared/money/funds.ts, fundForGift).
 */
export const ZGiftFundId = z.uuid(FUNDS_TEXT.fundUnavailable).optional();

export const ZGiveRequest = z.object({
  amount_cents: z
    .number(GIVING_TEXT.amountMin)
    .int(GIVING_TEXT.amountMin)
    .min(MIN_AMOUNT_CENTS, GIVING_TEXT.amountMin)
    .max(MAX_AMOUNT_CENTS),
  is_recurring: z.boolean().default(false),
  /** The fund (GET /api/giving/funds); absent: the church's default fund. An archived or unknown fund is a 400. */
  fund_id: ZGiftFundId,
  /**
   * The processing fee the giver covers, as the form showed it (contract/giving-fee.ts); absent
   * or 0: not covered. The server computes it again and refuses (400) one that differs, so a
   * giver is never charged other than what they saw. The card is charged amount + fee.
   */
  fee_cents: z.number(FUNDS_TEXT.feeChanged).int(FUNDS_TEXT.feeChanged).min(0, FUNDS_TEXT.feeChanged).max(MAX_AMOUNT_CENTS).optional(),
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

export const GIFT_STATUSES = ["COMPLETED", "FAILED"] as const;
export const RECURRING_STATUSES = ["ACTIVE", "PAUSED", "CANCELLED", "FAILED"] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/** Giving history entry (spec section 3). */
export const ZGivingHistoryEntry = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
  status: z.enum(GIFT_STATUSES),
  /** The fund's name in the asker's language. */
  fundName: z.string(),
  /** The processing fee the giver covered (0: none); the card was charged amountCents + feeCents. */
  feeCents: z.number().int(),
  /** Cents given back to the giver (refunds and voids: the gift first, then the fee; decision 0119). */
  refundedCents: z.number().int().default(0),
  /**
   * How it was paid, as the statement says it (paidWithGift: "Visa ending 4242", "Wallet
   * balance", "Cash", "Check #0012"), in English: the screen localizes it.
   */
  paidWith: z.string(),
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
  fundName: z.string(),
  feeCents: z.number().int(),
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
      /** The part of amountCents refunded (decision 0119): the gift counts for amountCents - refundedCents. */
      refundedCents: z.number().int(),
      fund: z.string(),
      /** "One-time", "Monthly", ... */
      kind: z.string(),
      /** "Visa ending 4242" or "Wallet balance". */
      paidWith: z.string(),
    }),
  ),
  /** The gifts net of their refunds. */
  totalCents: z.number().int(),
  noGoodsOrServices: z.string(),
  issuedAt: z.string(),
});
export type GivingStatement = z.infer<typeof ZGivingStatement>;

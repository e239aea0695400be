import { z } from "./zod-setup";

/** Giving (spec sections 2, 3, 4, 5 and 7): the give body, quick amounts, frequencies, texts. */
export const FREQUENCIES = ["weekly", "monthly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const DEFAULT_FREQUENCY: Frequency = "monthly";
export const QUICK_AMOUNTS = [25, 50, 100, 250] as const;
export const MIN_AMOUNT_CENTS = 100;
/** Largest single gift the server accepts ($1,000,000): keeps integer cents far from overflow. */
export const MAX_AMOUNT_CENTS = 100_000_000;

export const GIVING_TEXT = {
  amountMin: "Amount must be at least $1",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Valid email is required",
  cardNumberRequired: "Valid card number required",
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
} as const;

export const ZGiveRequest = z.object({
  amount_cents: z
    .number(GIVING_TEXT.amountMin)
    .int(GIVING_TEXT.amountMin)
    .min(MIN_AMOUNT_CENTS, GIVING_TEXT.amountMin)
    .max(MAX_AMOUNT_CENTS),
  is_recurring: z.boolean().default(false),
  frequency: z.enum(FREQUENCIES).default(DEFAULT_FREQUENCY),
  customer_data: z.object({
    first_name: z.string().trim().min(1, GIVING_TEXT.firstNameRequired).max(100),
    last_name: z.string().trim().min(1, GIVING_TEXT.lastNameRequired).max(100),
    email: z.string().trim().pipe(z.email(GIVING_TEXT.emailRequired)),
    phone: z.string().trim().max(40).optional(),
  }),
  payment_method_data: z.object({
    card_number: z
      .string(GIVING_TEXT.cardNumberRequired)
      .transform((s) => s.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{15,19}$/, GIVING_TEXT.cardNumberRequired)),
    card_exp: z.string(GIVING_TEXT.cardExpRequired).regex(/^(0[1-9]|1[0-2])\/\d{4}$/, GIVING_TEXT.cardExpRequired),
    card_cvv: z.string(GIVING_TEXT.cvvRequired).regex(/^\d{3,4}$/, GIVING_TEXT.cvvRequired),
    address_1: z.string().trim().min(1, GIVING_TEXT.addressRequired).max(200),
    address_city: z.string().trim().min(1, GIVING_TEXT.cityRequired).max(100),
    address_state: z.string().trim().regex(/^[A-Za-z]{2}$/, GIVING_TEXT.stateRequired),
    address_zip: z.string().trim().min(5, GIVING_TEXT.zipRequired).max(10, GIVING_TEXT.zipRequired),
  }),
});
export type GiveRequest = z.infer<typeof ZGiveRequest>;
export type GiveRequestInput = z.input<typeof ZGiveRequest>;

export const GIFT_STATUSES = ["COMPLETED", "FAILED"] as const;
export const RECURRING_STATUSES = ["ACTIVE", "PAUSED", "CANCELLED", "FAILED"] as const;

/** Giving history entry (spec section 3). */
export const ZGivingHistoryEntry = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
  status: z.enum(GIFT_STATUSES),
});
export type GivingHistoryEntry = z.infer<typeof ZGivingHistoryEntry>;

/** Recurring donation (spec section 3). nextPaymentDate is a calendar date (YYYY-MM-DD) in the church's zone. */
export const ZRecurringDonation = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  frequency: z.enum(FREQUENCIES),
  nextPaymentDate: z.string(),
  status: z.enum(RECURRING_STATUSES),
});
export type RecurringDonation = z.infer<typeof ZRecurringDonation>;

/** Answer to a successful POST /api/giving/one-time or /recurring. */
export const ZGiveResponse = z.object({
  gift: ZGivingHistoryEntry,
  recurring: ZRecurringDonation.optional(),
});
export type GiveResponse = z.infer<typeof ZGiveResponse>;

export const ZGivingHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(5),
});

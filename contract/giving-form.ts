/**
 * The give form's behaviour without its rules: the amount typed, the empty payment form, the
 * card number as it is typed, and the give body made from a valid form. No zod here, so Give &
 * Manage paints before the validation loads (decision 0072); the rules (ZPaymentForm,
 * ZGiveRequest) are in giving.ts, which re-exports this module.
 */
import type { Frequency } from "./giving-text";
import type { GiveRequestInput, PaymentForm, PaymentFormInput } from "./giving";

/**
 * The amount typed in the custom input or picked as a quick amount, in cents. Non-numeric,
 * zero and negative values count as no amount (spec section 5: the quick input ignores them).
 */
export function amountInputToCents(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
  if (String(value ?? "").trim() === "" || !Number.isFinite(n) || n <= 0) return 0;
  return Math.round(n * 100);
}

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
export function toGiveRequest(
  amountCents: number,
  isRecurring: boolean,
  frequency: Frequency,
  form: PaymentForm,
  extra: { fundId?: string | null; feeCents?: number } = {},
): GiveRequestInput {
  return {
    amount_cents: amountCents,
    is_recurring: isRecurring,
    frequency,
    ...(extra.fundId ? { fund_id: extra.fundId } : {}),
    ...(extra.feeCents ? { fee_cents: extra.feeCents } : {}),
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

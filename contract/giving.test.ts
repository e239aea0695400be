/** The giving rules client and server share: amounts, button texts, card input, the payment form and the give body. */
import { describe, expect, it } from "vitest";
import {
  EMPTY_PAYMENT_FORM,
  GIVING_TEXT,
  ZGiveRequest,
  ZPaymentForm,
  amountInputToCents,
  formatCardNumberInput,
  giveButtonLabel,
  paymentButtonLabel,
  thankYouDescription,
  toGiveRequest,
  type PaymentFormInput,
} from "./giving";

const valid: PaymentFormInput = {
  firstName: "Ruth",
  lastName: "Moab",
  email: "ruth@example.org",
  phone: "",
  cardNumber: "4242 4242 4242 4242",
  expMonth: "07",
  expYear: "2031",
  cvv: "123",
  address: "1 Grace St",
  city: "Orlando",
  state: "fl",
  zip: "32801",
};

describe("giving contract", () => {
  it("reads amounts as cents, ignoring non-numeric and non-positive values", () => {
    expect(amountInputToCents("25")).toBe(2500);
    expect(amountInputToCents("10.005")).toBe(1001);
    expect(amountInputToCents(250)).toBe(25_000);
    for (const bad of ["", "  ", "abc", "0", "-5", NaN, Infinity, null, undefined]) expect(amountInputToCents(bad as string)).toBe(0);
  });

  it("labels the submit buttons per spec", () => {
    expect(giveButtonLabel(0, false, "monthly")).toBe("Enter amount to give");
    expect(giveButtonLabel(-100, true, "monthly")).toBe("Enter amount to give");
    expect(giveButtonLabel(5000, false, "monthly")).toBe("Give $50.00");
    expect(giveButtonLabel(123456, true, "weekly")).toBe("Set up $1,234.56 weekly");
    expect(paymentButtonLabel(2500, false)).toBe("Give $25.00");
    expect(paymentButtonLabel(2500, true)).toBe("Set up $25.00");
    expect(thankYouDescription(2500, true, "yearly")).toContain("yearly gift of $25.00");
    expect(thankYouDescription(2500, false, "monthly")).toBe("Your gift of $25.00 has been received.");
  });

  it("formats the card number in groups of four, digits only, at most 19 characters", () => {
    expect(formatCardNumberInput("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumberInput("4242-4242 abc 42")).toBe("4242 4242 42");
    expect(formatCardNumberInput("42424242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumberInput("4242 ")).toBe("4242");
  });

  it("gives each payment field the spec's message", () => {
    const cases: [Partial<PaymentFormInput>, string, string][] = [
      [{ firstName: " " }, "firstName", GIVING_TEXT.firstNameRequired],
      [{ lastName: "" }, "lastName", GIVING_TEXT.lastNameRequired],
      [{ email: "ruth@" }, "email", GIVING_TEXT.emailRequired],
      [{ cardNumber: "4242 4242 42" }, "cardNumber", GIVING_TEXT.cardNumberRequired],
      [{ expMonth: "7" }, "expMonth", GIVING_TEXT.monthRequired],
      [{ expMonth: "13" }, "expMonth", GIVING_TEXT.monthRequired],
      [{ expYear: "31" }, "expYear", GIVING_TEXT.yearRequired],
      [{ cvv: "12" }, "cvv", GIVING_TEXT.cvvRequired],
      [{ address: "" }, "address", GIVING_TEXT.addressRequired],
      [{ city: "" }, "city", GIVING_TEXT.cityRequired],
      [{ state: "F" }, "state", GIVING_TEXT.stateRequired],
      [{ zip: "328" }, "zip", GIVING_TEXT.zipRequired],
    ];
    for (const [over, path, message] of cases) {
      const r = ZPaymentForm.safeParse({ ...valid, ...over });
      expect(r.success, path).toBe(false);
      expect(r.error?.issues.map((i) => [i.path.join("."), i.message]), path).toEqual([[path, message]]);
    }
    const empty = ZPaymentForm.safeParse(EMPTY_PAYMENT_FORM);
    expect(empty.error?.issues.map((i) => i.message)).toEqual([
      GIVING_TEXT.firstNameRequired,
      GIVING_TEXT.lastNameRequired,
      GIVING_TEXT.emailRequired,
      GIVING_TEXT.cardNumberRequired,
      GIVING_TEXT.monthRequired,
      GIVING_TEXT.yearRequired,
      GIVING_TEXT.cvvRequired,
      GIVING_TEXT.addressRequired,
      GIVING_TEXT.cityRequired,
      GIVING_TEXT.stateRequired,
      GIVING_TEXT.zipRequired,
    ]);
  });

  it("builds the server's give body from a valid form: digits only, card_exp MM/YYYY, state upper case", () => {
    const form = ZPaymentForm.parse(valid);
    const body = toGiveRequest(5000, true, "weekly", form);
    expect(body).toEqual({
      amount_cents: 5000,
      is_recurring: true,
      frequency: "weekly",
      customer_data: { first_name: "Ruth", last_name: "Moab", email: "ruth@example.org", phone: "" },
      payment_method_data: {
        card_number: "4242424242424242",
        card_exp: "07/2031",
        card_cvv: "123",
        address_1: "1 Grace St",
        address_city: "Orlando",
        address_state: "FL",
        address_zip: "32801",
      },
    });
    expect(ZGiveRequest.safeParse(body).success).toBe(true);
  });
});

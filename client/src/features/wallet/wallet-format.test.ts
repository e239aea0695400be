import { describe, expect, it } from "vitest";
import { parseExpiry, roundUpsProcessedText, type WalletTransaction } from "@contract/wallet";
import { formatCents } from "@contract/money";
import "@contract/i18n/es";
import { messagesFor } from "@contract/i18n/messages";
import { amountClass, dayLabel, formatCardNumber, formatExpiry, groupByDay, methodDetail, methodName, signedAmount } from "./wallet-format";

const tx = (over: Partial<WalletTransaction>): WalletTransaction => ({
  id: "t",
  type: "round_up",
  description: "d",
  merchantName: null,
  amountCents: 75,
  status: "completed",
  createdAt: "2026-05-15T12:00:00",
  ...over,
});

describe("wallet amounts (spec section 9)", () => {
  it("signs and colours by type: deposit and round_up positive green, withdrawal and payment negative red", () => {
    expect(signedAmount(tx({ type: "round_up", amountCents: 75 }))).toBe("+$0.75");
    expect(signedAmount(tx({ type: "deposit", amountCents: 2500 }))).toBe("+$25.00");
    expect(signedAmount(tx({ type: "payment", amountCents: 1250 }))).toBe("-$12.50");
    expect(signedAmount(tx({ type: "withdrawal", amountCents: 100_000 }))).toBe("-$1,000.00");
    expect(amountClass(tx({ type: "round_up" }))).toBe("text-success");
    expect(amountClass(tx({ type: "deposit" }))).toBe("text-success");
    expect(amountClass(tx({ type: "payment" }))).toBe("text-destructive");
    expect(amountClass(tx({ type: "withdrawal" }))).toBe("text-destructive");
  });

  it("says what a sync added", () => {
    expect(roundUpsProcessedText(125, 3, formatCents)).toBe("Added $1.25 from 3 transactions");
    expect(roundUpsProcessedText(75, 1, formatCents)).toBe("Added $0.75 from 1 transaction");
    expect(roundUpsProcessedText(0, 0, formatCents)).toBe("Added $0.00 from 0 transactions");
  });
});

describe("transactions grouped by day", () => {
  const now = new Date("2026-05-15T18:00:00");
  it("labels today, yesterday, then weekday and date (with the year when not this year)", () => {
    expect(dayLabel("2026-05-15T08:00:00", now)).toBe("Today");
    expect(dayLabel("2026-05-14T23:59:00", now)).toBe("Yesterday");
    expect(dayLabel("2026-05-13T10:00:00", now)).toBe("Wednesday, May 13");
    expect(dayLabel("2025-12-31T10:00:00", now)).toBe("Wednesday, December 31, 2025");
  });
  it("speaks the member's language, with a capital at the start", () => {
    expect(dayLabel("2026-05-15T08:00:00", now, "es")).toBe("Hoy");
    expect(dayLabel("2026-05-14T23:59:00", now, "es")).toBe("Ayer");
    expect(dayLabel("2026-05-13T10:00:00", now, "es")).toBe("Miércoles, 13 de mayo");
    expect(roundUpsProcessedText(125, 3, formatCents, messagesFor("es").wallet)).toBe("Se agregaron $1.25 de 3 movimientos");
  });
  it("keeps the newest-first order and puts each day's rows together", () => {
    const groups = groupByDay(
      [
        tx({ id: "a", createdAt: "2026-05-15T17:00:00" }),
        tx({ id: "b", createdAt: "2026-05-15T09:00:00" }),
        tx({ id: "c", createdAt: "2026-05-14T20:00:00" }),
        tx({ id: "d", createdAt: "2026-05-01T20:00:00" }),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ["Today", ["a", "b"]],
      ["Yesterday", ["c"]],
      ["Friday, May 1", ["d"]],
    ]);
  });
});

describe("the Add Card dialog's fields", () => {
  it("groups the card number in fours, digits only, at most 19", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 42a42")).toBe("4242 4242 4242");
    expect(formatCardNumber("1".repeat(25))).toBe("1111 1111 1111 1111 111");
  });
  it("takes the expiry as MM/YY and stores the year as 20YY", () => {
    expect(formatExpiry("1230")).toBe("12/30");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("12/3")).toBe("12/3");
    expect(parseExpiry("12/30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("1/29")).toEqual({ month: 1, year: 2029 });
    expect(parseExpiry("13/30")).toBeNull();
    expect(parseExpiry("00/30")).toBeNull();
    expect(parseExpiry("12/2030")).toBeNull();
    expect(parseExpiry("")).toBeNull();
  });
  it("names methods as members recognise them", () => {
    const card = { id: "1", type: "credit_card" as const, provider: "sandbox", lastFour: "4242", expiryMonth: 3, expiryYear: 2029, cardBrand: "visa", bankName: null, isDefault: true };
    expect(methodName(card)).toBe("Visa •••• 4242");
    expect(methodDetail(card)).toBe("Expires 03/29");
    const bank = { ...card, type: "bank_account" as const, lastFour: "0000", expiryMonth: null, expiryYear: null, cardBrand: null, bankName: "First Platypus Bank" };
    expect(methodName(bank)).toBe("First Platypus Bank •••• 0000");
  });
});

import { describe, expect, it } from "vitest";
import { dollarsToCents, formatCents } from "./money";

describe("money", () => {
  it("formats cents as dollars with two decimals and thousands separators", () => {
    expect(formatCents(2500)).toBe("$25.00");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(1)).toBe("$0.01");
    expect(formatCents(-500)).toBe("-$5.00");
  });

  it("turns typed dollars into whole cents, rounded (no float drift)", () => {
    expect(dollarsToCents(25)).toBe(2500);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(100);
  });
});

/** The covered processing fee (contract/giving-fee.ts): the gross-up in integer cents, at its edges. */
import { describe, expect, it } from "vitest";
import { coverFeeCents, describeFee, feeConfigured, MAX_FEE_FIXED_CENTS, MAX_FEE_PERCENT_BPS, NO_FEE } from "./giving-fee";
import { MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS } from "./giving-text";

/** What the processor keeps of a charge, to the fraction of a cent. */
const processorCut = (charge: number, bps: number, fixed: number) => (charge * bps) / 10000 + fixed;

describe("coverFeeCents", () => {
  it("grosses up so the church keeps the whole gift: $100 at 2.9% + 30¢ is $3.30", () => {
    const fee = { percentBps: 290, fixedCents: 30 };
    expect(coverFeeCents(10000, fee)).toBe(330);
    // 10330 - (299.57 + 30) = 10000.43: the gift, and under a cent more.
    expect(10330 - processorCut(10330, 290, 30)).toBeGreaterThanOrEqual(10000);
  });

  it("is 0 with no fee configured, and for no amount", () => {
    expect(coverFeeCents(2500, NO_FEE)).toBe(0);
    expect(feeConfigured(NO_FEE)).toBe(false);
    expect(coverFeeCents(0, { percentBps: 290, fixedCents: 30 })).toBe(0);
  });

  it("a fixed fee alone is added as it is; a percent alone is rounded up", () => {
    expect(coverFeeCents(2500, { percentBps: 0, fixedCents: 30 })).toBe(30);
    // 100 / 0.97 = 103.09... -> 104: a cent up, never down.
    expect(coverFeeCents(100, { percentBps: 300, fixedCents: 0 })).toBe(4);
    // An exact division is not rounded: 9700 / 0.97 = 10000.
    expect(coverFeeCents(9700, { percentBps: 300, fixedCents: 0 })).toBe(300);
  });

  it("never leaves the church less than the gift, and never more than a cent over, across amounts and fees", () => {
    const fees = [
      { percentBps: 1, fixedCents: 0 },
      { percentBps: 290, fixedCents: 30 },
      { percentBps: 349, fixedCents: 49 },
      { percentBps: MAX_FEE_PERCENT_BPS, fixedCents: MAX_FEE_FIXED_CENTS },
    ];
    for (const fee of fees) {
      for (const amount of [MIN_AMOUNT_CENTS, 101, 999, 2500, 12345, 999_999, MAX_AMOUNT_CENTS]) {
        const charged = amount + coverFeeCents(amount, fee);
        const kept = charged - processorCut(charged, fee.percentBps, fee.fixedCents);
        expect(kept, `${amount} at ${fee.percentBps}bps + ${fee.fixedCents}`).toBeGreaterThanOrEqual(amount - 1e-6);
        // One cent less would leave the church short: the fee is the smallest that covers.
        const less = charged - 1;
        expect(less - processorCut(less, fee.percentBps, fee.fixedCents)).toBeLessThan(amount);
      }
    }
  });

  it("is exact at the largest gift and fee (no float rounding)", () => {
    const fee = { percentBps: MAX_FEE_PERCENT_BPS, fixedCents: MAX_FEE_FIXED_CENTS };
    // ceil((100,000,000 + 500) * 10000 / 9000) = 111,111,667 -> fee 11,111,667.
    expect(coverFeeCents(MAX_AMOUNT_CENTS, fee)).toBe(11_111_667);
  });

  it("refuses what is not integer cents or is out of range", () => {
    expect(() => coverFeeCents(100.5, { percentBps: 290, fixedCents: 30 })).toThrow();
    expect(() => coverFeeCents(100, { percentBps: MAX_FEE_PERCENT_BPS + 1, fixedCents: 0 })).toThrow();
    expect(() => coverFeeCents(100, { percentBps: 0, fixedCents: -1 })).toThrow();
  });

  it("describes a fee as a church sets it", () => {
    expect(describeFee({ percentBps: 290, fixedCents: 30 })).toBe("2.9% + $0.30");
    expect(describeFee({ percentBps: 300, fixedCents: 0 })).toBe("3%");
    expect(describeFee({ percentBps: 0, fixedCents: 25 })).toBe("$0.25");
  });
});

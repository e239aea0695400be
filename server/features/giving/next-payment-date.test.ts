/** Recurring gift date arithmetic (pure): month ends, leap days, DST in the church's zone. */
import { describe, expect, it } from "vitest";
import { dateInZone, nextPaymentDate } from "./next-payment-date";

describe("nextPaymentDate", () => {
  it("weekly adds 7 calendar days, across month, year and DST changes", () => {
    expect(nextPaymentDate("weekly", "2026-01-10")).toBe("2026-01-17");
    expect(nextPaymentDate("weekly", "2026-01-28")).toBe("2026-02-04");
    expect(nextPaymentDate("weekly", "2026-12-29")).toBe("2027-01-05");
    // US DST starts 8 March 2026 and ends 1 November 2026.
    expect(nextPaymentDate("weekly", "2026-03-05")).toBe("2026-03-12");
    expect(nextPaymentDate("weekly", "2026-10-29")).toBe("2026-11-05");
    expect(nextPaymentDate("weekly", "2024-02-26")).toBe("2024-03-04");
  });

  it("monthly keeps the day and clamps to the month's end", () => {
    expect(nextPaymentDate("monthly", "2026-01-15")).toBe("2026-02-15");
    expect(nextPaymentDate("monthly", "2026-01-31")).toBe("2026-02-28");
    expect(nextPaymentDate("monthly", "2028-01-31")).toBe("2028-02-29");
    expect(nextPaymentDate("monthly", "2026-03-31")).toBe("2026-04-30");
    expect(nextPaymentDate("monthly", "2026-12-31")).toBe("2027-01-31");
    expect(nextPaymentDate("monthly", "2026-01-30")).toBe("2026-02-28");
    // The anchor day brings a clamped date back to the 31st.
    expect(nextPaymentDate("monthly", "2026-02-28", 31)).toBe("2026-03-31");
    expect(nextPaymentDate("monthly", "2026-04-30", 31)).toBe("2026-05-31");
  });

  it("yearly handles 29 February", () => {
    expect(nextPaymentDate("yearly", "2026-06-15")).toBe("2027-06-15");
    expect(nextPaymentDate("yearly", "2028-02-29")).toBe("2029-02-28");
    expect(nextPaymentDate("yearly", "2029-02-28", 29)).toBe("2030-02-28");
    expect(nextPaymentDate("yearly", "2031-02-28", 29)).toBe("2032-02-29");
    expect(nextPaymentDate("yearly", "2026-12-31")).toBe("2027-12-31");
  });

  it("rejects a malformed date", () => {
    expect(() => nextPaymentDate("weekly", "2026-02-30")).toThrow();
    expect(() => nextPaymentDate("weekly", "26-1-1")).toThrow();
  });
});

describe("dateInZone", () => {
  it("uses the church's calendar day, not UTC's, on both sides of DST changes", () => {
    const tz = "America/New_York";
    expect(dateInZone(tz, new Date("2026-03-08T04:30:00Z"))).toBe("2026-03-07"); // 23:30 EST
    expect(dateInZone(tz, new Date("2026-03-08T07:30:00Z"))).toBe("2026-03-08"); // 03:30 EDT
    expect(dateInZone(tz, new Date("2026-03-15T03:30:00Z"))).toBe("2026-03-14"); // 23:30 EDT
    expect(dateInZone(tz, new Date("2026-11-01T05:30:00Z"))).toBe("2026-11-01"); // 01:30 EDT
    expect(dateInZone(tz, new Date("2026-11-02T04:30:00Z"))).toBe("2026-11-01"); // 23:30 EST
    expect(dateInZone(tz, new Date("2026-02-01T03:00:00Z"))).toBe("2026-01-31");
  });
});

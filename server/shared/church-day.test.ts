import { describe, expect, it } from "vitest";
import { churchDay } from "./church-day";
import { zonedDate, zonedWeekBounds } from "../../contract/zoned-time";

describe("churchDay", () => {
  it("answers as computing afresh, at every hour around a daylight-saving change, in two zones taken in turn", () => {
    const from = Date.parse("2026-03-07T00:00:00Z");
    for (let h = 0; h < 72; h++) {
      for (const tz of ["America/New_York", "Australia/Sydney"]) {
        for (const at of [new Date(from + h * 3_600_000), new Date(from + h * 3_600_000 + 3_599_999)]) {
          const day = churchDay(tz, at);
          expect(day.date).toBe(zonedDate(tz, at));
          expect(day.week).toEqual(zonedWeekBounds(tz, at));
          expect(at.getTime()).toBeGreaterThanOrEqual(day.start.getTime());
          expect(at.getTime()).toBeLessThan(day.end.getTime());
        }
      }
    }
  });

  it("keeps the day while the instant is inside it", () => {
    const a = churchDay("America/New_York", new Date("2026-11-26T15:00:00Z"));
    expect(churchDay("America/New_York", new Date("2026-11-27T04:59:59.999Z"))).toBe(a);
    expect(churchDay("America/New_York", new Date("2026-11-27T05:00:00Z")).date).toBe("2026-11-27");
  });
});
